// A real key holder (@encore-wallet/key-holder, SQLite in memory) reached through a fetch that a
// test can turn against the wallet: down, rate-limiting, answering with a bad proof, or holding
// its answers until the test lets them go. It logs every request it is sent.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createKeyHolder,
  type KeyFile,
  type KeyHolder,
  keyRingFrom,
  newSecretKey,
} from '@encore-wallet/key-holder';
import type { FetchText } from '@encore-wallet/utils/http';
import type { KeyHolderConfig } from '../../src/index.ts';

export const KEY_HOLDER_URL = 'http://key-holder.test';

export type KeyHolderMode =
  | 'honest'
  | 'down'
  | 'rate-limited'
  | 'bad-proof'
  /** Every answer says "not marked". */
  | 'no-marks'
  /** POST /hardened fails (a 503); evaluations are answered. */
  | 'marks-down';

export interface TestKeyHolder {
  holder: KeyHolder;
  file: KeyFile;
  /** The same store (counters and marks) under a new key ring: a rotation or a retirement. */
  reopen(file: KeyFile): Promise<void>;
  /** Every request: its path and JSON body. */
  requests: { path: string; body: Record<string, unknown> }[];
  mode: KeyHolderMode;
  /** While set, each /evaluate answer waits for it. */
  hold: Promise<void> | null;
  fetch: FetchText;
  /** The wallet's pin for `keyId` (default the current key), `previous` naming the others. */
  config(keyId?: string, previous?: readonly string[]): KeyHolderConfig;
  publicKey(keyId: string): string;
  close(): Promise<void>;
}

export async function startTestKeyHolder(
  ids: readonly string[] = ['k1'],
  current = ids[0] ?? 'k1',
): Promise<TestKeyHolder> {
  const dir = mkdtempSync(join(tmpdir(), 'encore-core-key-holder-'));
  const open = (file: KeyFile) =>
    createKeyHolder({
      keys: keyRingFrom(file),
      databaseUrl: `sqlite:${join(dir, 'counters.sqlite')}`,
      limits: { perAccount: 1000, perAddress: 1000 },
      trustProxy: 1,
    });
  let file: KeyFile = { current, keys: ids.map((id) => ({ id, secretKey: newSecretKey() })) };
  let ring = keyRingFrom(file);
  const test: TestKeyHolder = {
    holder: await open(file),
    get file() {
      return file;
    },
    async reopen(next) {
      await test.holder.close();
      file = next;
      ring = keyRingFrom(next);
      test.holder = await open(next);
    },
    requests: [],
    mode: 'honest',
    hold: null,
    fetch: async (url, init) => {
      const path = new URL(url).pathname;
      const body = JSON.parse(String(init.body)) as Record<string, unknown>;
      test.requests.push({ path, body });
      if (test.mode === 'down') throw new TypeError('fetch failed: connection refused');
      if (test.mode === 'marks-down' && path === '/hardened') {
        return Response.json({ error: 'unavailable' }, { status: 503 });
      }
      if (test.mode === 'rate-limited') {
        return Response.json(
          { error: 'too many evaluations: try again in 90 s', retryAfterSeconds: 90 },
          { status: 429, headers: { 'retry-after': '90' } },
        );
      }
      if (path === '/evaluate' && test.hold) await test.hold;
      const headers = new Headers(init.headers);
      headers.set('x-forwarded-for', '198.51.100.7');
      const response = await test.holder.fetch(new Request(url, { ...init, headers }));
      if (path !== '/evaluate' || response.status !== 200) return response;
      const answer = (await response.json()) as Record<string, unknown>;
      if (test.mode === 'bad-proof') answer.proof = '00'.repeat(64);
      if (test.mode === 'no-marks') answer.hardenedUnder = null;
      return Response.json(answer);
    },
    config(keyId = file.current, previous = []) {
      return {
        url: KEY_HOLDER_URL,
        keyId,
        publicKey: test.publicKey(keyId),
        previous: previous.map((id) => ({ keyId: id, publicKey: test.publicKey(id) })),
        fetch: (input, init) => test.fetch(input, init),
      };
    },
    publicKey(keyId) {
      const key = ring.get(keyId) ?? pinnedBefore.get(keyId);
      if (!key) throw new Error(`no key ${keyId}`);
      return key.publicKey;
    },
    async close() {
      await test.holder.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  // Public keys stay known to the test after their key is retired (a build may still pin them).
  const pinnedBefore = new Map(ring.list().map((k) => [k.id, k]));
  const reopen = test.reopen;
  test.reopen = async (next) => {
    for (const k of ring.list()) pinnedBefore.set(k.id, k);
    await reopen(next);
  };
  return test;
}

export { newSecretKey };
