// An operator upgrades the backend: the previous release's server (its own checkout and
// dependencies) writes records through the HTTP contract, stops, and this server opens the same
// database, on each engine. Everything a wallet relies on must still be served.

import { type BackendFns, createBackendFns } from '@encore-wallet/backend-client';
import { AccountNotFoundError, createMemoryStore, Hedgehog } from '@encore-wallet/core';
import { type RunningServer, startServer } from '@encore-wallet/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from '../../support/backend/engines.ts';
import { authRecord, call, hex } from '../../support/backend/http.ts';
import { NO_RATE_LIMIT } from '../../support/no-rate-limit.ts';
import {
  latestRelease,
  type PreparedRelease,
  prepareRelease,
  startReleaseServer,
} from '../../support/release/index.ts';

const PASSWORD = 'correct horse battery staple';
const NEW_PASSWORD = 'a whole new passphrase 42';
const RAW_SEEDS = [11, 12, 13];
const address = (seed: number): string => `0x${hex(seed, 40)}`;
// Both servers see many lookups from one address here; the limiter has its own suite.
const NO_LIMIT = '100000';

const browser = (backend: BackendFns): Hedgehog =>
  new Hedgehog(backend.getFn, backend.setAuthFn, backend.setUserFn, {
    storage: createMemoryStore(),
  });

let release: PreparedRelease;

beforeAll(async () => {
  // Cold: checkout and npm install of the release, once per commit (minutes); cached: instant.
  release = await prepareRelease(await latestRelease());
}, 15 * 60_000);

describe.each(ENGINES.map((make) => make()))(
  'a $name database written by the previous release',
  (engine) => {
    let databaseUrl: string;
    let current: RunningServer | undefined;
    const written = {
      address: '',
      movedAddress: '',
      records: [] as unknown[],
    };

    beforeAll(async () => {
      await engine.start();
      databaseUrl = await engine.freshDatabaseUrl();
      const old = await startReleaseServer(release, {
        databaseUrl,
        env: { RATE_LIMIT_PER_MINUTE: NO_LIMIT },
      });
      try {
        const backend = createBackendFns({ baseUrl: old.url });
        written.address = (await browser(backend).signUp('Release Listener', PASSWORD)).address;
        // A password changed on the old server: the record was replaced there.
        const mover = browser(backend);
        written.movedAddress = (await mover.signUp('Mover', PASSWORD)).address;
        await mover.changePassword('Mover', PASSWORD, NEW_PASSWORD);
        // Records written straight through the contract, and what the old server answered for them.
        for (const seed of RAW_SEEDS) {
          const record = authRecord(seed);
          expect(
            await call(`${old.url}/authentication`, { method: 'POST', json: record }),
          ).toMatchObject({ status: 200 });
          expect(
            await call(`${old.url}/users`, {
              method: 'POST',
              json: { username: `raw-${seed}`, walletAddress: address(seed) },
            }),
          ).toMatchObject({ status: 200 });
          const served = await call(`${old.url}/authentication?lookupKey=${record.lookupKey}`);
          expect(served.status).toBe(200);
          written.records.push(served.body);
        }
      } finally {
        await old.stop();
      }
      current = await startServer({
        databaseUrl,
        rateLimit: NO_RATE_LIMIT,
      });
    }, 120_000);

    afterAll(async () => {
      await current?.close();
      await engine.stop();
    });

    const url = (): string => {
      if (!current) throw new Error('the current server did not start');
      return current.url;
    };

    it('serves the same records through GET /authentication', async () => {
      const served = [];
      for (const seed of RAW_SEEDS) {
        const answer = await call(
          `${url()}/authentication?lookupKey=${authRecord(seed).lookupKey}`,
        );
        expect(answer.status).toBe(200);
        served.push(answer.body);
      }
      expect(served).toEqual(written.records);
    });

    it('logs in to the same wallets, with the password as last changed', async () => {
      const backend = createBackendFns({ baseUrl: url() });
      expect((await browser(backend).login('release listener', PASSWORD)).address).toBe(
        written.address,
      );
      expect((await browser(backend).login('Mover', NEW_PASSWORD)).address).toBe(
        written.movedAddress,
      );
      await expect(browser(backend).login('Mover', PASSWORD)).rejects.toBeInstanceOf(
        AccountNotFoundError,
      );
    });

    it('keeps usernames and records taken: duplicates are refused, a retry with the same address is not', async () => {
      const post = (path: string, json: unknown) =>
        call(`${url()}${path}`, { method: 'POST', json });
      expect(
        await post('/users', { username: 'RAW-11', walletAddress: address(99) }),
      ).toMatchObject({ status: 409 });
      expect(
        await post('/users', { username: 'raw-11', walletAddress: address(11) }),
      ).toMatchObject({ status: 200 });
      expect(await post('/authentication', authRecord(12))).toMatchObject({ status: 409 });
    });

    it('signs up new accounts beside the old ones', async () => {
      const backend = createBackendFns({ baseUrl: url() });
      const created = await browser(backend).signUp('After Upgrade', PASSWORD);
      expect((await browser(backend).login('after upgrade', PASSWORD)).address).toBe(
        created.address,
      );
    });
  },
);
