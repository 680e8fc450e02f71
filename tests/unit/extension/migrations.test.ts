import { WalletManager } from '@encore-wallet/core';
import { describe, expect, it } from 'vitest';
import {
  createWalletSealer,
  MIGRATIONS,
  type Migration,
  type MigrationEnv,
  runMigrations,
  SCHEMA_VERSION,
  type StorageSnapshot,
} from '../../../lib/extension/storage/index.ts';
import { connectionsPerAccount } from '../../../lib/extension/storage/migrations/v1-connections-per-account.ts';
import { sealedWalletKeys } from '../../../lib/extension/storage/migrations/v3-sealed-wallet-keys.ts';
import { memoryKeyStore } from './support/sealing.ts';
import { memoryIO } from './support/storage-io.ts';

const ENTROPY = 'ff4b856a8c6984f630c5c64d02eda0f6';
const ADDRESS = WalletManager.walletFromEntropy(ENTROPY).address;
const ACCOUNT = ADDRESS.toLowerCase();
const env: MigrationEnv = { addressFromEntropy: (e) => WalletManager.walletFromEntropy(e).address };
const wallet = { 'encore:wallet:hedgehog-entropy-key': ENTROPY, 'encore:wallet:username': 'ada' };
const legacy = {
  'https://music.example': { connectedAt: 100 },
  'http://127.0.0.1:8800': { connectedAt: 200 },
};
const sites = { 'encore:connected-sites': legacy };

async function migrate(snapshot: StorageSnapshot, options: { env?: MigrationEnv } = {}) {
  const io = memoryIO(snapshot);
  const lines: string[] = [];
  const version = await runMigrations({ env: options.env ?? env, io, log: (l) => lines.push(l) });
  return { version, storage: io.areas, lines, writes: io.log };
}

describe('storage migration 0 -> 1: connections per account', () => {
  it('gives the connections to the stored wallet (lock off: storage.local)', async () => {
    const { version, storage } = await migrate({ local: { ...wallet, ...sites }, session: {} });
    expect(version).toBe(6);
    expect(storage.local).toEqual({
      ...wallet,
      'encore:connections': { [ACCOUNT]: legacy },
      'encore:schema-version': 6,
      'encore:activity': { version: 1, lists: {} },
    });
  });

  it('finds the wallet in storage.session when the lock setting is on', async () => {
    const settings = { 'encore:settings': { lockOnBrowserClose: true } };
    const { storage } = await migrate({
      local: { ...settings, ...sites },
      session: { ...wallet, 'encore:approval-window-id': 3 },
    });
    expect(storage.local['encore:connections']).toEqual({ [ACCOUNT]: legacy });
    expect(storage.session).toEqual({ ...wallet, 'encore:approval-window-id': 3 });
  });

  it('also looks in the area the lock setting does not name (a move that stopped)', async () => {
    for (const settings of [{ lockOnBrowserClose: true }, { lockOnBrowserClose: 'yes' }, 'junk']) {
      const { storage } = await migrate({
        local: { 'encore:settings': settings, ...wallet, ...sites },
        session: {},
      });
      expect(storage.local['encore:connections']).toEqual({ [ACCOUNT]: legacy });
    }
  });

  it('keeps them for the next account when no wallet is stored, or it opens none', async () => {
    const throwing: MigrationEnv = {
      addressFromEntropy: () => {
        throw new Error('not entropy');
      },
    };
    for (const [snapshot, useEnv] of [
      [{ local: { ...sites }, session: {} }, env],
      [{ local: { ...sites, ...wallet }, session: {} }, throwing],
      [{ local: { ...sites, ...wallet }, session: {} }, { addressFromEntropy: () => 'nope' }],
    ] as const) {
      const { storage, lines } = await migrate(snapshot, { env: useEnv });
      expect(storage.local['encore:unclaimed-connections']).toEqual(legacy);
      expect(storage.local['encore:connections']).toBeUndefined();
      expect(storage.local['encore:connected-sites']).toBeUndefined();
      expect(lines.join('\n')).toMatch(/2 site connections kept for the next account/);
    }
  });

  it('keeps what it cannot read where it was, and moves the rest', async () => {
    const odd = {
      'https://music.example/': { connectedAt: 1 },
      'https://bad-time.example': { connectedAt: 'noon' },
      null: { connectedAt: 1 },
    };
    const { storage, lines } = await migrate({
      local: { ...wallet, 'encore:connected-sites': { ...legacy, ...odd }, 'encore:future': [1] },
      session: {},
    });
    expect(storage.local['encore:connections']).toEqual({ [ACCOUNT]: legacy });
    expect(storage.local['encore:connected-sites']).toEqual(odd);
    expect(storage.local['encore:future']).toEqual([1]);
    expect(lines.join('\n')).toMatch(/3 entries left unread in encore:connected-sites/);
    // A record that is not an object at all stays as it is.
    const junk = await migrate({ local: { 'encore:connected-sites': 'junk' }, session: {} });
    expect(junk.storage.local).toEqual({
      'encore:connected-sites': 'junk',
      'encore:schema-version': 6,
      'encore:activity': { version: 1, lists: {} },
    });
  });

  it('writes the new shape, then removes the old key, then records the version', async () => {
    const { writes } = await migrate({ local: { ...wallet, ...sites }, session: {} });
    expect(writes).toEqual([
      'set local encore:connections',
      'remove local encore:connected-sites',
      'set local encore:schema-version',
      'set local encore:activity',
      'set local encore:schema-version',
      'set local encore:schema-version',
      'set local encore:schema-version',
      'set local encore:schema-version',
      'set local encore:schema-version',
    ]);
  });

  it('plans the same end state again on its own output and on a half-applied one', async () => {
    const start: StorageSnapshot = { local: { ...wallet, ...sites }, session: {} };
    const once = (await migrate(start)).storage;
    // Half-applied: the new shape written, the old key not yet removed, no version recorded.
    const half = structuredClone(once);
    half.local['encore:connected-sites'] = legacy;
    delete half.local['encore:schema-version'];
    for (const snapshot of [once, half]) {
      const plan = await connectionsPerAccount.plan(snapshot, env);
      const io = memoryIO(snapshot);
      for (const [key, value] of Object.entries(plan.set.local ?? {})) io.areas.local[key] = value;
      for (const key of plan.remove.local ?? []) delete io.areas.local[key];
      io.areas.local['encore:schema-version'] = 6;
      expect(io.areas).toEqual(once);
    }
  });

  it('keeps the earlier time when the account already has the origin', async () => {
    const { storage } = await migrate({
      local: {
        ...wallet,
        ...sites,
        'encore:connections': { [ACCOUNT]: { 'https://music.example': { connectedAt: 50 } } },
      },
      session: {},
    });
    expect(storage.local['encore:connections']).toEqual({
      [ACCOUNT]: { ...legacy, 'https://music.example': { connectedAt: 50 } },
    });
  });

  it('never touches the wallet keys and logs neither the entropy nor the address', async () => {
    const snapshot = { local: { ...wallet, ...sites }, session: { ...wallet } };
    const plan = await connectionsPerAccount.plan(snapshot, env);
    const touched = [
      ...Object.keys(plan.set.local ?? {}),
      ...Object.keys(plan.set.session ?? {}),
      ...(plan.remove.local ?? []),
      ...(plan.remove.session ?? []),
    ];
    expect(touched.filter((key) => key.startsWith('encore:wallet:'))).toEqual([]);
    const { lines } = await migrate(snapshot);
    expect(lines).toHaveLength(6);
    expect(lines[0]).toMatch(/^\[encore\] storage v0 -> v1 /);
    expect(lines[1]).toMatch(/^\[encore\] storage v1 -> v2 \(activity list\)/);
    for (const secret of [ENTROPY, ACCOUNT, ADDRESS.slice(2, 10), 'ada']) {
      expect(lines[0]!.toLowerCase()).not.toContain(secret.toLowerCase());
    }
  });
});

describe('storage 1 -> 2: the activity list', () => {
  const step = MIGRATIONS[1]!;
  it('creates an empty, versioned list, and keeps one already there', async () => {
    expect(await step.plan({ local: {}, session: {} }, env)).toMatchObject({
      set: { local: { 'encore:activity': { version: 1, lists: {} } } },
      remove: {},
    });
    const kept = { version: 1, lists: { '1:0xabc': [] } };
    expect(await step.plan({ local: { 'encore:activity': kept }, session: {} }, env)).toMatchObject(
      {
        set: {},
        remove: {},
      },
    );
  });
});

describe('storage 2 -> 3: sealed wallet keys in Firefox storage.local', () => {
  const V2 = { 'encore:schema-version': 2, 'encore:activity': { version: 1, lists: {} } };
  const snapshotKey = 'encore:wallet:snapshot';
  const SNAPSHOT = '{"address":"0x5eed"}';
  const session = { ...wallet, [snapshotKey]: SNAPSHOT, 'encore:approval-window-id': 3 };

  /** The Firefox build's env: values sealed under a key the test can open with later. */
  function firefox() {
    const keys = memoryKeyStore();
    const sealer = createWalletSealer(keys);
    const firefoxEnv: MigrationEnv = {
      ...env,
      sealWalletValue: (slot, v) => sealer.seal(slot, v),
      openWalletValue: (slot, stored) => sealer.open(slot, stored).catch(() => null),
    };
    const opened = async (items: Record<string, unknown>) =>
      Object.fromEntries(
        await Promise.all(
          Object.entries(items)
            .filter(([key]) => key.startsWith('encore:wallet:'))
            .map(async ([key, value]) => [key, await createWalletSealer(keys).open(key, value)]),
        ),
      );
    return { env: firefoxEnv, opened };
  }

  it('moves a Firefox session from storage.session into storage.local, sealed', async () => {
    const { env: ffEnv, opened } = firefox();
    const { version, storage, lines } = await migrate(
      { local: { ...V2, 'encore:settings': { appName: 'x' } }, session },
      { env: ffEnv },
    );
    expect(version).toBe(6);
    // Only the approval window's id is left in storage.session; the wallet keys are in
    // storage.local, where a content script reading everything finds no secret…
    expect(storage.session).toEqual({ 'encore:approval-window-id': 3 });
    const local = JSON.stringify(storage.local);
    for (const secret of [ENTROPY, 'ada', '0x5eed']) expect(local).not.toContain(secret);
    // …only sealed values, which open to what storage.session held.
    expect(await opened(storage.local)).toEqual({ ...wallet, [snapshotKey]: SNAPSHOT });
    expect(lines.at(-4)).toMatch(
      /^\[encore\] storage v2 -> v3 \(sealed wallet keys in Firefox storage\.local\): 3 wallet values sealed into storage\.local, 3 values removed from storage\.session$/,
    );
  });

  it('leaves the keys in storage.session when "log out when the browser closes" is on', async () => {
    const { env: ffEnv } = firefox();
    for (const settings of [{ lockOnBrowserClose: true }, { lockOnBrowserClose: 'yes' }, 'junk']) {
      const start = { local: { ...V2, 'encore:settings': settings }, session };
      const { storage, writes } = await migrate(start, { env: ffEnv });
      expect(storage.session).toEqual(session);
      expect(writes).toEqual([
        'set local encore:schema-version',
        'set local encore:schema-version',
        'set local encore:schema-version',
        'set local encore:schema-version',
      ]);
    }
  });

  it('never leaves a plain wallet value in Firefox storage.local', async () => {
    const { env: ffEnv, opened } = firefox();
    // A move that stopped left plain values in storage.local. Lock off: sealed in place when
    // storage.session holds no entropy; beside one there, storage.session's wins.
    const stale = { 'encore:wallet:hedgehog-entropy-key': 'aa'.repeat(16) };
    const alone = await migrate({ local: { ...V2, ...wallet }, session: {} }, { env: ffEnv });
    expect(await opened(alone.storage.local)).toEqual(wallet);
    const off = await migrate({ local: { ...V2, ...wallet }, session: stale }, { env: ffEnv });
    expect(await opened(off.storage.local)).toEqual(stale);
    expect(off.storage.session).toEqual({});
    // Lock on: handed to storage.session, unless it holds an entropy already.
    const settings = { 'encore:settings': { lockOnBrowserClose: true } };
    const on = await migrate(
      { local: { ...V2, ...settings, ...wallet }, session: {} },
      { env: ffEnv },
    );
    expect(on.storage.session).toEqual(wallet);
    const both = await migrate(
      { local: { ...V2, ...settings, ...wallet }, session: stale },
      { env: ffEnv },
    );
    expect(both.storage.session).toEqual(stale);
    for (const result of [on, both]) {
      expect(
        Object.keys(result.storage.local).filter((k) => k.startsWith('encore:wallet:')),
      ).toEqual([]);
    }
  });

  it('attack: an entropy a content script planted in storage.local never replaces the session', async () => {
    const { env: ffEnv, opened } = firefox();
    // Up to version 2 Firefox kept the keys in storage.session only, and a content script may
    // write storage.local: it plants a wallet it knows (and a name to make it look right).
    const planted = {
      'encore:wallet:hedgehog-entropy-key': '0b'.repeat(16),
      'encore:wallet:username': 'ada',
    };
    const { storage } = await migrate(
      { local: { ...V2, 'encore:settings': { lockOnBrowserClose: false }, ...planted }, session },
      { env: ffEnv },
    );
    // The person's session is what storage.local now holds, sealed; the planted values are gone.
    expect(await opened(storage.local)).toEqual({ ...wallet, [snapshotKey]: SNAPSHOT });
    expect(JSON.stringify(storage)).not.toContain('0b'.repeat(16));
    expect(storage.session).toEqual({ 'encore:approval-window-id': 3 });
  });

  it('attack: a sealed-looking entropy a content script planted never costs the session', async () => {
    const { env: ffEnv, opened } = firefox();
    // Any object of the sealed shape: it opens under no key this extension holds.
    const forged = { sealed: 'AES-GCM', iv: 'A'.repeat(16), data: 'B'.repeat(44) };
    const { storage } = await migrate(
      {
        local: { ...V2, 'encore:wallet:hedgehog-entropy-key': forged },
        session,
      },
      { env: ffEnv },
    );
    // The session was sealed over the forged value, and removed from storage.session only then.
    expect(await opened(storage.local)).toEqual({ ...wallet, [snapshotKey]: SNAPSHOT });
    expect(storage.session).toEqual({ 'encore:approval-window-id': 3 });
  });

  it('changes nothing in Chromium, where storage.local is closed to content scripts', async () => {
    const { storage, writes, lines } = await migrate({ local: { ...V2, ...wallet }, session: {} });
    expect(storage.local).toEqual({ ...V2, ...wallet, 'encore:schema-version': 6 });
    expect(writes).toEqual([
      'set local encore:schema-version',
      'set local encore:schema-version',
      'set local encore:schema-version',
      'set local encore:schema-version',
    ]);
    expect(lines.at(-1)).toMatch(/storage\.local is private in this browser: no change/);
  });

  it('plans the same end state on its own output and on a half-applied one', async () => {
    const { env: ffEnv, opened } = firefox();
    const start: StorageSnapshot = { local: { ...V2 }, session };
    const once = (await migrate(start, { env: ffEnv })).storage;
    // Half-applied: the sealed values written, storage.session not yet emptied.
    const half = structuredClone(once);
    Object.assign(half.session, session);
    for (const snapshot of [once, half]) {
      const plan = await sealedWalletKeys.plan(snapshot, ffEnv);
      expect(plan.set.local ?? {}).toEqual({});
      const io = memoryIO(snapshot);
      for (const key of plan.remove.session ?? []) delete io.areas.session[key];
      expect(io.areas).toEqual(once);
    }
    expect(await opened(once.local)).toEqual({ ...wallet, [snapshotKey]: SNAPSHOT });
  });

  it('keeps the session whatever write a stop cuts it at', async () => {
    const { env: ffEnv, opened } = firefox();
    const start: StorageSnapshot = { local: { ...V2 }, session };
    for (let stopAt = 1; stopAt <= 3; stopAt += 1) {
      const io = memoryIO(start);
      let writes = 0;
      const stopping = {
        ...io,
        set: async (area: 'local' | 'session', items: Record<string, unknown>) => {
          writes += 1;
          if (writes >= stopAt) throw new Error('stopped');
          await io.set(area, items);
        },
        remove: async (area: 'local' | 'session', keys: string[]) => {
          writes += 1;
          if (writes >= stopAt) throw new Error('stopped');
          await io.remove(area, keys);
        },
      };
      await expect(
        runMigrations({ env: ffEnv, io: stopping, log: () => undefined }),
      ).rejects.toThrow('stopped');
      const entropyIn = (items: Record<string, unknown>) =>
        'encore:wallet:hedgehog-entropy-key' in items;
      expect(entropyIn(io.areas.local) || entropyIn(io.areas.session)).toBe(true);
      await runMigrations({ env: ffEnv, io, log: () => undefined });
      expect(io.areas.session).toEqual({ 'encore:approval-window-id': 3 });
      expect(await opened(io.areas.local)).toEqual({ ...wallet, [snapshotKey]: SNAPSHOT });
    }
  });
});

describe('storage migration runner', () => {
  it('the chain ends at the version this build reads', () => {
    expect(MIGRATIONS.map((step) => step.to)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(SCHEMA_VERSION).toBe(6);
  });

  it('stamps a fresh install and then does nothing', async () => {
    const first = await migrate({ local: {}, session: {} });
    expect(first.storage.local).toEqual({
      'encore:schema-version': 6,
      'encore:activity': { version: 1, lists: {} },
    });
    const io = memoryIO(first.storage);
    await runMigrations({ env, io, log: () => undefined });
    expect(io.log).toEqual([]);
  });

  it('leaves data from a newer build alone, and reads a damaged version as 0', async () => {
    const newer = await migrate({ local: { ...sites, 'encore:schema-version': 7 }, session: {} });
    expect(newer.version).toBe(7);
    expect(newer.writes).toEqual([]);
    expect(newer.lines[0]).toMatch(/newer than this build/);
    const damaged = await migrate({
      local: { ...sites, 'encore:schema-version': '1' },
      session: {},
    });
    expect(damaged.storage.local['encore:unclaimed-connections']).toEqual(legacy);
    expect(damaged.storage.local['encore:schema-version']).toBe(6);
  });

  it('refuses a step that would remove the entropy, before writing anything', async () => {
    const careless: Migration = {
      to: 1,
      name: 'careless',
      plan: () => ({
        set: { local: { 'encore:other': 1 } },
        remove: { session: ['encore:wallet:hedgehog-entropy-key'] },
        summary: 'oops',
      }),
    };
    const io = memoryIO({ local: {}, session: { ...wallet } });
    await expect(runMigrations({ env, io, migrations: [careless] })).rejects.toMatchObject({
      code: 'UNSAFE_MIGRATION',
    });
    expect(io.log).toEqual([]);
    expect(io.areas.session).toEqual(wallet);
  });

  it('lets a step move the entropy to the other area, written before it is removed', async () => {
    const moving: Migration = {
      to: 1,
      name: 'move',
      plan: async () => ({
        set: { local: { 'encore:wallet:hedgehog-entropy-key': 'sealed' } },
        remove: { session: ['encore:wallet:hedgehog-entropy-key'] },
        summary: 'moved',
      }),
    };
    const io = memoryIO({ local: {}, session: { ...wallet } });
    await runMigrations({ env, io, migrations: [moving], log: () => undefined });
    expect(io.log).toEqual([
      'set local encore:wallet:hedgehog-entropy-key',
      'remove session encore:wallet:hedgehog-entropy-key',
      'set local encore:schema-version',
    ]);
  });

  it('runs the steps in order, each on the output of the one before', async () => {
    const seen: unknown[] = [];
    const step = (to: number): Migration => ({
      to,
      name: `step ${to}`,
      plan: (snapshot) => {
        seen.push(snapshot.local['encore:schema-version']);
        return { set: { local: { [`encore:step-${to}`]: true } }, remove: {}, summary: 'ok' };
      },
    });
    const io = memoryIO({ local: { 'encore:schema-version': 1 }, session: {} });
    const version = await runMigrations({
      env,
      io,
      migrations: [step(1), step(2), step(3)],
      log: () => undefined,
    });
    expect(version).toBe(3);
    expect(seen).toEqual([1, 2]);
    expect(io.areas.local).toEqual({
      'encore:schema-version': 3,
      'encore:step-2': true,
      'encore:step-3': true,
    });
  });
});
