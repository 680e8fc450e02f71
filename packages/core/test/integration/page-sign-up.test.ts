// Sign-up in a web page (Debian's Chromium): the page's worker derives the encryption key while
// the page derives the lookup key, and the record is the same as one made on a single thread:
// the held @audius/hedgehog vectors' keys come out of the worker byte for byte, a page sign-up's
// record opens in Node and in another page, and a page whose policy refuses Blob workers still
// signs up (on its own thread). A password change gives the new record's key to the worker too.
import { type Browser, chromium, type Page } from '@playwright/test';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtures } from '../../../../tests/support/hedgehog-vectors.ts';
import { Authentication, createMemoryStore, Hedgehog, WalletManager } from '../../src/index.ts';

interface StoredRecord {
  lookupKey: string;
  iv: string;
  cipherText: string;
}

interface PageApi {
  signUp(
    username: string,
    password: string,
    opts: { offThread: boolean },
  ): Promise<{ address: string; record: StoredRecord; workers: number }>;
  login(username: string, password: string, record: StoredRecord): Promise<string>;
  changePassword(
    username: string,
    oldPassword: string,
    newPassword: string,
    record: StoredRecord,
    opts: { offThread: boolean },
  ): Promise<{ address: string; record: StoredRecord; keysOffThread: number }>;
  keyOffThread(password: string, iv: string): Promise<{ key: string | null; workers: number }>;
  loginCounted(
    username: string,
    password: string,
    record: StoredRecord,
    opts: { offThread: boolean },
  ): Promise<{ address: string; keysOffThread: number }>;
}

let browser: Browser;
let script: string;

beforeAll(async () => {
  const bundle = await build({
    // The @encore-wallet/* packages from their sources (docs/packages.md).
    conditions: ['@encore-wallet/source'],
    entryPoints: [new URL('./support/page-entry.ts', import.meta.url).pathname],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'chrome120',
    write: false,
  });
  script = bundle.outputFiles[0]!.text;
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless=new'],
  });
}, 60_000);

afterAll(async () => {
  await browser?.close();
});

/** A fresh page on http://localhost (a secure context) serving the bundle, with `csp` if given. */
async function openPage(csp?: string): Promise<Page> {
  const page = await browser.newPage();
  const html = `<!doctype html><meta charset="utf-8"><script>${script.replaceAll('</script', '<\\/script')}</script>`;
  await page.route('http://localhost/**', (route) =>
    route.fulfill({
      contentType: 'text/html',
      headers: csp ? { 'content-security-policy': csp } : {},
      body: html,
    }),
  );
  await page.goto('http://localhost/site');
  return page;
}

function call<K extends keyof PageApi>(
  page: Page,
  name: K,
  ...args: Parameters<PageApi[K]>
): Promise<Awaited<ReturnType<PageApi[K]>>> {
  return page.evaluate(
    ([n, a]) => {
      const api = (
        globalThis as unknown as { encorePage: Record<string, (...x: unknown[]) => unknown> }
      ).encorePage;
      return api[n]!(...a) as never;
    },
    [name, args] as const,
  ) as Promise<Awaited<ReturnType<PageApi[K]>>>;
}

/** The address a record opens to, worked out in Node (native scrypt) from the password alone. */
async function openInNode(password: string, record: StoredRecord): Promise<string> {
  const key = await Authentication.createKey(password, record.iv);
  const entropy = await Authentication.decryptEntropy(record.cipherText, key, record.iv);
  return (await WalletManager.deriveWallet(entropy)).address;
}

const PASSWORD = 'violet tram plays 7 encores';

describe('sign-up in a web page', () => {
  it("derives the held vectors' encryption keys on the page's worker, byte for byte", async () => {
    const page = await openPage();
    for (const v of fixtures.vectors) {
      const { key } = await call(page, 'keyOffThread', v.password, v.iv);
      expect(key, v.name).toBe(v.encryptionKeyHex);
    }
    // One worker served every derivation.
    expect((await call(page, 'keyOffThread', 'x', 'y')).workers).toBe(1);
    await page.close();
  });

  it("gives the key to the page's worker and stores a record that opens anywhere", async () => {
    const page = await openPage();
    const username = 'pagefan';
    const { address, record, workers } = await call(page, 'signUp', username, PASSWORD, {
      offThread: true,
    });
    expect(workers).toBe(1);
    expect(record.lookupKey).toBe(await Authentication.createAuthLookupKey(username, PASSWORD));
    expect(await openInNode(PASSWORD, record)).toBe(address);
    await page.close();

    const other = await openPage();
    expect(await call(other, 'login', 'PageFan', PASSWORD, record)).toBe(address);
    await other.close();
  });

  it('makes the same kind of record on one thread when told not to use a worker', async () => {
    const page = await openPage();
    const { address, record, workers } = await call(page, 'signUp', 'onethread', PASSWORD, {
      offThread: false,
    });
    expect(workers).toBe(0);
    expect(await openInNode(PASSWORD, record)).toBe(address);
    await page.close();
  });

  it("still signs up on the page's own thread when its policy refuses Blob workers", async () => {
    const page = await openPage("script-src 'unsafe-inline' 'wasm-unsafe-eval'; worker-src 'self'");
    const refused: string[] = [];
    page.on('console', (m) => {
      if (/worker/i.test(m.text())) refused.push(m.text());
    });
    const { address, record, workers } = await call(page, 'signUp', 'strictsite', PASSWORD, {
      offThread: true,
    });
    expect(await openInNode(PASSWORD, record)).toBe(address);
    expect(workers).toBe(1);
    // The page's policy will not change: later derivations do not ask for another worker.
    const v = fixtures.vectors[0]!;
    expect(await call(page, 'keyOffThread', v.password, v.iv)).toEqual({ key: null, workers: 1 });
    expect(refused).toHaveLength(1);
    expect(refused[0]).toMatch(/Content Security Policy/);
    await page.close();
  });
});

describe('password change in a web page', () => {
  const NEW_PASSWORD = 'a brand new violet tram';

  it("gives the new record's key to the page's worker; without one, the page derives it", async () => {
    const page = await openPage();
    const { address, record } = await call(page, 'signUp', 'changer', PASSWORD, {
      offThread: true,
    });
    for (const offThread of [true, false]) {
      const changed = await call(
        page,
        'changePassword',
        'changer',
        PASSWORD,
        NEW_PASSWORD,
        record,
        {
          offThread,
        },
      );
      // The worker derives the new record's key. The strengthened lookup of the old password
      // ran first, on the page's thread, and found nothing: no leftover to look for after.
      expect(changed.keysOffThread).toBe(offThread ? 1 : 0);
      expect(changed.address).toBe(address);
      expect(changed.record.lookupKey).toBe(
        await Authentication.createAuthLookupKey('changer', NEW_PASSWORD),
      );
      expect(await openInNode(NEW_PASSWORD, changed.record)).toBe(address);
    }
    await page.close();
  });
});

describe('login to a strengthened account in a web page', () => {
  it('runs the strong derivation first, and opens the account with no Hedgehog derivation', async () => {
    // The account made strengthened in Node (native scrypt): the backend holds only that record.
    let record: StoredRecord | null = null;
    const made = await new Hedgehog(
      async () => null,
      async (r) => {
        record = r;
      },
      async () => undefined,
      { storage: createMemoryStore(), newRecords: 'strong' },
    ).signUp('strong-page', PASSWORD);
    if (!record) throw new Error('no record was stored');
    const page = await openPage();
    for (const offThread of [true, false]) {
      const opened = await call(page, 'loginCounted', 'strong-page', PASSWORD, record, {
        offThread,
      });
      expect(opened.address).toBe(made.address);
      // The strengthened record is looked for first: nothing waits on a second thread.
      expect(opened.keysOffThread).toBe(0);
    }
    await page.close();
  });
});
