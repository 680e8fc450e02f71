// What v0.1.0 left in storage (tests/fixtures/storage/v0.1.0, written by that release's own code)
// opened by this build: the migration chain, then the real session, permissions and settings code.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { WalletManager } from '@encore-wallet/core';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import type { ConnectedSite } from '../../../lib/extension/permissions/index.ts';
import { defaultSettings, type Settings } from '../../../lib/extension/settings/index.ts';
import {
  runMigrations,
  SCHEMA_VERSION,
  type StorageSnapshot,
  WALLET_PREFIX,
} from '../../../lib/extension/storage/index.ts';
import { fixtures } from '../../support/hedgehog-vectors.ts';
import { memoryBackend } from './support/memory-backend.ts';
import { dumpStorage, loadStorage, Stopped, stoppingIO } from './support/storage-io.ts';
import { startTestWorker, type TestWorker } from './support/worker.ts';

const DIR = fileURLToPath(new URL('../../fixtures/storage/v0.1.0/', import.meta.url));

interface Dump {
  name: string;
  reported: {
    state: { loggedIn: boolean; address: string | null; username: string | null };
    settings: Settings;
    sites: ConnectedSite[];
  };
  storage: StorageSnapshot;
}

const dumps: Dump[] = readdirSync(DIR)
  .filter((file) => file.endsWith('.json'))
  .map((file) => ({
    name: file.replace(/\.json$/, ''),
    ...(JSON.parse(readFileSync(join(DIR, file), 'utf8')) as Omit<Dump, 'name'>),
  }));

const { vectors } = fixtures;

/** The integrator's backend holding the accounts the dumps were made with. */
function backend() {
  const fns = memoryBackend();
  for (const v of vectors) fns.records.set(v.lookupKey, { iv: v.iv, cipherText: v.cipherText });
  return fns;
}

const env = { addressFromEntropy: (e: string) => WalletManager.walletFromEntropy(e).address };

const walletKeys = (items: Record<string, unknown>): string[] =>
  Object.keys(items).filter((key) => key.startsWith(WALLET_PREFIX));

/** What a person and their sites see after the update, and the layout it left. */
async function expectUpdated(worker: TestWorker, dump: Dump): Promise<void> {
  const { state, settings, sites } = dump.reported;
  expect(await worker.send('getState', {})).toMatchObject({
    loggedIn: state.loggedIn,
    address: state.address,
    username: state.username,
  });
  // Every setting the release reported is kept; fields added since then read as their defaults.
  expect(await worker.send('settings.get', {})).toEqual({ ...defaultSettings(), ...settings });
  if (state.address) {
    expect(await worker.send('sites.list', {})).toEqual(sites);
    for (const { origin } of sites) {
      const answer = await worker.openSite(origin).request('eth_accounts');
      expect(answer.result).toEqual([state.address?.toLowerCase()]);
    }
  } else {
    expect(await worker.send('sites.list', {})).toEqual([]);
  }
  const after = await dumpStorage();
  expect(after.local['encore:schema-version']).toBe(SCHEMA_VERSION);
  expect(after.local['encore:activity']).toEqual({ version: 1, lists: {} });
  expect(after.local['encore:connected-sites']).toBeUndefined();
  const [home, away] = settings.lockOnBrowserClose ? ['session', 'local'] : ['local', 'session'];
  expect(walletKeys(after[away as 'local'])).toEqual([]);
  // Logged in: the entropy and username as v0.1.0 left them, plus the session snapshot the first
  // start of this build writes (a new key, so no migration step).
  expect(walletKeys(after[home as 'local']).sort()).toEqual(
    state.loggedIn
      ? ['encore:wallet:hedgehog-entropy-key', 'encore:wallet:snapshot', 'encore:wallet:username']
      : [],
  );
  expect(after.session['encore:approval-window-id']).toEqual(
    dump.storage.session['encore:approval-window-id'],
  );
}

async function updatedStorage(dump: Dump): Promise<StorageSnapshot> {
  await loadStorage(dump.storage);
  await startTestWorker(backend()).session.ready();
  return dumpStorage();
}

describe.each(dumps)('v0.1.0 storage "$name"', (dump) => {
  beforeEach(async () => {
    fakeBrowser.reset();
    await loadStorage(dump.storage);
  });

  it('updates: same account without a login, its sites connected, settings kept', async () => {
    await expectUpdated(startTestWorker(backend()), dump);
  });

  it('updating twice changes nothing more', async () => {
    const once = await updatedStorage(dump);
    await startTestWorker(backend()).session.ready();
    expect(await dumpStorage()).toEqual(once);
    await expectUpdated(startTestWorker(backend()), dump);
  });

  it('an update stopped at any write is finished by the next start, with the same result', async () => {
    const reference = await updatedStorage(dump);
    await loadStorage(dump.storage);
    const counting = stoppingIO(Number.POSITIVE_INFINITY);
    await runMigrations({ env, io: counting, log: () => undefined });
    expect(counting.writes).toBeGreaterThan(0);
    for (let stopAt = 1; stopAt <= counting.writes; stopAt += 1) {
      await loadStorage(dump.storage);
      await expect(
        runMigrations({ env, io: stoppingIO(stopAt), log: () => undefined }),
      ).rejects.toBeInstanceOf(Stopped);
      // The entropy is never lost half-way.
      const half = await dumpStorage();
      expect(walletKeys({ ...half.local, ...half.session })).toEqual(
        walletKeys({ ...dump.storage.local, ...dump.storage.session }),
      );
      const worker = startTestWorker(backend());
      await expectUpdated(worker, dump);
      expect(await dumpStorage()).toEqual(reference);
    }
  });

  it.runIf(!dump.reported.state.loggedIn && dump.reported.sites.length > 0)(
    'with nobody logged in, the next account to log in gets the sites, once',
    async () => {
      const worker = startTestWorker(backend());
      await worker.send('getState', {});
      const [other, first] = [vectors[0]!, vectors[2]!];
      const state = await worker.send('login', {
        username: first.username,
        password: first.password,
      });
      expect(state.address).toBe(first.checksumAddress);
      expect(await worker.send('sites.list', {})).toEqual(dump.reported.sites);
      const site = worker.openSite(dump.reported.sites[0]!.origin);
      expect((await site.request('eth_accounts')).result).toEqual([
        first.checksumAddress.toLowerCase(),
      ]);
      await worker.send('logout', {});
      await worker.send('login', { username: other.username, password: other.password });
      expect(await worker.send('sites.list', {})).toEqual([]);
      expect((await site.request('eth_accounts')).result).toEqual([]);
      expect(await fakeBrowser.storage.local.get('encore:unclaimed-connections')).toEqual({});
    },
  );
});
