// A stolen record database opens nothing: a hardened sign-up through the real backend (SQLite)
// and the real key holder, then a copy of the whole database, read as a thief would. Even the
// right password matches nothing in it: its Hedgehog and strengthened lookup keys are in no
// table, and no cipherText opens under the keys those formats derive from it. Only with the key
// holder's answer does the record open (a login from a fresh browser).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BackendFns, createBackendFns } from '@encore-wallet/backend-client';
import {
  Authentication,
  createMemoryStore,
  Hedgehog,
  type KeyHolderConfig,
  StrongRecord,
  strongCredentials,
} from '@encore-wallet/core';
import {
  keyRingFrom,
  newSecretKey,
  type RunningKeyHolder,
  startKeyHolder,
} from '@encore-wallet/key-holder';
import { type RunningServer, startServer } from '@encore-wallet/server';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const USERNAME = 'Nell.Vault';
const PASSWORD = 'granite-heron-lanyard-72';

describe('a hardened account in a stolen copy of the record database', () => {
  const dir = mkdtempSync(join(tmpdir(), 'encore-hardened-db-'));
  const databasePath = join(dir, 'records.sqlite');
  let server: RunningServer;
  let keyHolder: RunningKeyHolder;
  let backend: BackendFns;
  let config: KeyHolderConfig;

  beforeAll(async () => {
    server = await startServer({ databaseUrl: `sqlite:${databasePath}` });
    const keys = keyRingFrom({ current: 'k1', keys: [{ id: 'k1', secretKey: newSecretKey() }] });
    keyHolder = await startKeyHolder({
      keys,
      databaseUrl: `sqlite:${join(dir, 'key-holder.sqlite')}`,
    });
    backend = createBackendFns({ baseUrl: server.url });
    config = { url: keyHolder.url, keyId: 'k1', publicKey: keys.get('k1')?.publicKey ?? '' };
  });
  afterAll(async () => {
    await server?.close();
    await keyHolder?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const browser = (keyHolderConfig?: KeyHolderConfig) =>
    new Hedgehog(backend.getFn, backend.setAuthFn, backend.setUserFn, {
      storage: createMemoryStore(),
      ...(keyHolderConfig ? { keyHolder: keyHolderConfig } : {}),
    });

  it('holds neither weaker lookup key, and no cipherText opens under their keys', async () => {
    const wallet = await browser(config).signUp(USERNAME, PASSWORD);

    // The thief's copy: every table, every row.
    const copyPath = join(dir, 'stolen.sqlite');
    const live = new Database(databasePath, { readonly: true });
    await live.backup(copyPath);
    live.close();
    const copy = new Database(copyPath, { readonly: true });
    const tables = copy
      .prepare<[], { name: string }>("SELECT name FROM sqlite_master WHERE type = 'table'")
      .all()
      .map((t) => t.name);
    const everything = JSON.stringify(
      tables.map((name) => copy.prepare(`SELECT * FROM "${name}"`).all()),
    );
    const records = copy.prepare<[], { iv: string; cipher_text: string }>(
      'SELECT iv, cipher_text FROM auth_records',
    );
    const rows = records.all();
    copy.close();
    expect(rows).toHaveLength(1);

    const hedgehogLookupKey = await Authentication.createAuthLookupKey(USERNAME, PASSWORD);
    const strong = strongCredentials(USERNAME, PASSWORD);
    const master = await StrongRecord.deriveMaster(strong.username, strong.password);
    const strongLookupKey = await StrongRecord.lookupKey(master);
    expect(everything).not.toContain(hedgehogLookupKey);
    expect(everything).not.toContain(strongLookupKey);
    expect(everything).not.toContain(PASSWORD);

    for (const { iv, cipher_text: cipherText } of rows) {
      const hedgehogKey = await Authentication.createKey(PASSWORD, iv);
      await expect(Authentication.decryptEntropy(cipherText, hedgehogKey, iv)).rejects.toThrow();
      const strongKey = await StrongRecord.key(master, iv);
      await expect(StrongRecord.decryptEntropy(cipherText, strongKey, iv)).rejects.toThrow();
    }

    // With the key holder, the right password opens it from a fresh browser; without, it does not.
    expect((await browser(config).login(USERNAME, PASSWORD)).address).toBe(wallet.address);
    await expect(browser().login(USERNAME, PASSWORD)).rejects.toMatchObject({
      code: 'ACCOUNT_NOT_FOUND',
    });
  });
});
