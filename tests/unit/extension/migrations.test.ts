import { describe, expect, it } from 'vitest';
import {
  MIGRATIONS,
  type Migration,
  type MigrationEnv,
  runMigrations,
  SCHEMA_VERSION,
  type StorageSnapshot,
} from '../../../lib/extension/storage/index.ts';
import { connectionsPerAccount } from '../../../lib/extension/storage/migrations/v1-connections-per-account.ts';
import { WalletManager } from '../../../lib/hedgehog/index.ts';
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
    expect(version).toBe(2);
    expect(storage.local).toEqual({
      ...wallet,
      'encore:connections': { [ACCOUNT]: legacy },
      'encore:schema-version': 2,
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
      'encore:schema-version': 2,
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
      const plan = connectionsPerAccount.plan(snapshot, env);
      const io = memoryIO(snapshot);
      for (const [key, value] of Object.entries(plan.set.local ?? {})) io.areas.local[key] = value;
      for (const key of plan.remove.local ?? []) delete io.areas.local[key];
      io.areas.local['encore:schema-version'] = 2;
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
    const plan = connectionsPerAccount.plan(snapshot, env);
    const touched = [
      ...Object.keys(plan.set.local ?? {}),
      ...Object.keys(plan.set.session ?? {}),
      ...(plan.remove.local ?? []),
      ...(plan.remove.session ?? []),
    ];
    expect(touched.filter((key) => key.startsWith('encore:wallet:'))).toEqual([]);
    const { lines } = await migrate(snapshot);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^\[encore\] storage v0 -> v1 /);
    expect(lines[1]).toMatch(/^\[encore\] storage v1 -> v2 \(activity list\)/);
    for (const secret of [ENTROPY, ACCOUNT, ADDRESS.slice(2, 10), 'ada']) {
      expect(lines[0]!.toLowerCase()).not.toContain(secret.toLowerCase());
    }
  });
});

describe('storage 1 -> 2: the activity list', () => {
  const step = MIGRATIONS[1]!;
  it('creates an empty, versioned list, and keeps one already there', () => {
    expect(step.plan({ local: {}, session: {} }, env)).toMatchObject({
      set: { local: { 'encore:activity': { version: 1, lists: {} } } },
      remove: {},
    });
    const kept = { version: 1, lists: { '1:0xabc': [] } };
    expect(step.plan({ local: { 'encore:activity': kept }, session: {} }, env)).toMatchObject({
      set: {},
      remove: {},
    });
  });
});

describe('storage migration runner', () => {
  it('the chain ends at the version this build reads', () => {
    expect(MIGRATIONS.map((step) => step.to)).toEqual([1, 2]);
    expect(SCHEMA_VERSION).toBe(2);
  });

  it('stamps a fresh install and then does nothing', async () => {
    const first = await migrate({ local: {}, session: {} });
    expect(first.storage.local).toEqual({
      'encore:schema-version': 2,
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
    expect(damaged.storage.local['encore:schema-version']).toBe(2);
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
