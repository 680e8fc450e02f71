// PostgreSQL restarted under a mixed GET/POST load on two backend instances sharing it: once as an
// administrator restarts it (fast: sessions ended, checkpoint), once as a crash (immediate: no
// checkpoint, recovery from the WAL). The instances are processes of their own (`npm run
// server`), never restarted by the test. Correctness only: `npm run bench:faults` runs the same
// load for 60 s and prints the figures (requests, errors by kind, p99); here it runs for 18 s.

import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Answer, authRecord, call, hex } from '../../../../tests/support/backend/http.ts';
import {
  countKinds,
  type MixedLoadResult,
  runMixedLoad,
} from '../../../../tests/support/backend/mixed-load.ts';
import {
  type PostgresCluster,
  startPostgresCluster,
} from '../../../../tests/support/backend/postgres-cluster.ts';
import { type SpawnedServer, spawnServer } from '../../../../tests/support/backend/spawn-server.ts';

const LOAD_MS = 18_000;
const DOWN_MS = 1_500;
/** Lookups one client address may make (a day-long window: the test never straddles two). */
const LOOKUPS_PER_ADDRESS = 5;
/** The client address the rate-limit checks come from; the load never uses it. */
const PROBE = '192.0.2.7';

describe('PostgreSQL restarted under load on two instances', () => {
  let cluster: PostgresCluster;
  let databaseUrl: string;
  let instances: SpawnedServer[] = [];

  beforeAll(async () => {
    cluster = await startPostgresCluster();
    databaseUrl = await cluster.createDatabase();
    const env = {
      DATABASE_URL: databaseUrl,
      TRUST_PROXY: '1',
      RATE_LIMIT_WINDOW_SECONDS: '86400',
      RATE_LIMIT_PER_ADDRESS: String(LOOKUPS_PER_ADDRESS),
      // Reads pick acknowledged records at random, the early ones many times over.
      RATE_LIMIT_PER_LOOKUP_KEY: '1000000',
    };
    // One after the other: the second finds the migrations done.
    instances = [await spawnServer(env), await spawnServer(env)];
  });
  afterAll(async () => {
    await Promise.all(instances.map((instance) => instance.stop()));
    await cluster?.stop();
  });

  const lookup = (instance: SpawnedServer, key: string): Promise<Answer> =>
    call(`${instance.url}/authentication?lookupKey=${key}`, {
      headers: { 'x-forwarded-for': PROBE },
    });

  it('loses no acknowledged record, keeps one shared rate limit, and recovers without a restart', async () => {
    const [a, b] = instances as [SpawnedServer, SpawnedServer];
    // The probe spends two lookups before the faults, one on each instance.
    expect((await lookup(a, hex(1, 64))).status).toBe(404);
    expect((await lookup(b, hex(2, 64))).status).toBe(404);

    const result: MixedLoadResult = await runMixedLoad({
      urls: [a.url, b.url],
      durationMs: LOAD_MS,
      concurrency: 16,
      timeoutMs: 15_000,
      faults: [
        {
          atMs: 3_000,
          name: 'fast restart',
          run: () => cluster.restart({ mode: 'fast', downMs: DOWN_MS }),
        },
        {
          atMs: 8_000,
          name: 'crash and recovery',
          run: () => cluster.restart({ mode: 'immediate', downMs: DOWN_MS }),
        },
      ],
    });
    const kinds = Object.fromEntries(countKinds(result.outcomes));
    const summary = `${JSON.stringify(kinds)}\n${a.tail().slice(-800)}`;

    // The outage was real, and every request got an answer: a 5xx while the database was away,
    // never a hang, a refusal from the limiter or a dropped connection.
    expect(result.faults.map((f) => f.name).sort()).toEqual(['crash and recovery', 'fast restart']);
    expect(
      Object.keys(kinds).some((kind) => kind.startsWith('5')),
      summary,
    ).toBe(true);
    for (const kind of Object.keys(kinds)) expect(['200', '500', '503'], summary).toContain(kind);
    // A read of an acknowledged record never answered 404 or another record.
    expect(result.wrongReads).toEqual([]);

    // Both instances answered again after the last restart, by themselves, under the load and
    // after it: the first requests to each once it is over are answered.
    const back = Math.max(...result.faults.map((f) => f.endedAt));
    for (const instance of instances) {
      const after = result.outcomes.filter((o) => o.url === instance.url && o.at > back);
      expect(after.filter((o) => o.kind === '200').length, summary).toBeGreaterThan(0);
      const record = authRecord(instances.indexOf(instance));
      expect(
        (await call(`${instance.url}/authentication`, { method: 'POST', json: record })).status,
      ).toBe(200);
      expect(
        (await call(`${instance.url}/authentication?lookupKey=${record.lookupKey}`)).body,
      ).toEqual(record);
      expect((await call(`${instance.url}/health`)).status).toBe(200);
    }

    // Every acknowledged record and user is in the database, as acknowledged.
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const auth = await client.query<{ lookup_key: string; iv: string; cipher_text: string }>(
        'SELECT lookup_key, iv, cipher_text FROM auth_records',
      );
      const stored = new Map(auth.rows.map((row) => [row.lookup_key, row]));
      const missing = result.records.filter((record) => {
        const row = stored.get(record.lookupKey);
        return row?.iv !== record.iv || row?.cipher_text !== record.cipherText;
      });
      expect(missing).toEqual([]);
      const users = await client.query<{ username: string; wallet_address: string }>(
        'SELECT username, wallet_address FROM users',
      );
      const storedUsers = new Set(users.rows.map((row) => `${row.username} ${row.wallet_address}`));
      const lostUsers = result.users.filter(
        (user) => !storedUsers.has(`${user.username} ${user.walletAddress}`),
      );
      expect(lostUsers).toEqual([]);
      expect(result.records.length).toBeGreaterThan(100);
    } finally {
      await client.end();
    }

    // One limit across both instances, its counts kept through both restarts: two lookups
    // before, three now, then the sixth is refused wherever it lands.
    expect((await lookup(b, hex(3, 64))).status).toBe(404);
    expect((await lookup(a, hex(4, 64))).status).toBe(404);
    expect((await lookup(b, hex(5, 64))).status).toBe(404);
    expect((await lookup(a, hex(6, 64))).status).toBe(429);
    expect((await lookup(b, hex(7, 64))).status).toBe(429);
  });
});
