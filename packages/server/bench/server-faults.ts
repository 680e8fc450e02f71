// `npm run bench:faults`: two backend instances (`npm run server` processes) on one PostgreSQL
// under a mixed load (new records, new users, reads of acknowledged records, in equal parts),
// while PostgreSQL is restarted twice: once fast (sessions ended, checkpoint), once as a crash
// (immediate stop, recovery from the WAL). Prints requests, errors by kind, latency percentiles,
// how long each restart was felt by clients, and whether anything acknowledged was lost.
// packages/server/test/integration/postgres-restart.test.ts asserts the correctness part in 18 s.
// First, the same load on one SQLite backend whose WAL fsync fails once (the disk then works
// again): every write sent after the failure must be answered 503, none 200, and /health 503
// (packages/server/test/integration/sqlite-fsync-faults.test.ts asserts it).
//   BENCH_DURATION (s, default 60), BENCH_CONNECTIONS (default 16), BENCH_DOWN_MS (default 2000),
//   BENCH_FSYNC_DURATION (s of the SQLite case, default 10)
import pg from 'pg';
import { benchInteger } from '../../../bench/internal/env-integer.ts';
import { benchReport } from '../../../bench/internal/report.ts';
import {
  countKinds,
  type MixedLoadResult,
  type Outcome,
  percentile,
  runMixedLoad,
} from '../../../tests/support/backend/mixed-load.ts';
import { startPostgresCluster } from '../../../tests/support/backend/postgres-cluster.ts';
import { type SpawnedServer, spawnServer } from '../../../tests/support/backend/spawn-server.ts';
import { runSqliteFsyncFault } from './sqlite-fsync-fault.ts';

const durationMs = benchInteger('BENCH_DURATION', 60) * 1000;
const concurrency = benchInteger('BENCH_CONNECTIONS', 16);
const downMs = benchInteger('BENCH_DOWN_MS', 2000);
const fsyncDurationMs = benchInteger('BENCH_FSYNC_DURATION', 10) * 1000;
const report = benchReport('faults');

const fmt = (ms: number): string => (Number.isNaN(ms) ? '–' : `${ms.toFixed(ms < 10 ? 1 : 0)} ms`);

/** Acknowledged records and users the database does not hold as acknowledged. */
async function lost(databaseUrl: string, result: MixedLoadResult): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const auth = await client.query<{ lookup_key: string; iv: string; cipher_text: string }>(
      'SELECT lookup_key, iv, cipher_text FROM auth_records',
    );
    const stored = new Map(auth.rows.map((row) => [row.lookup_key, row]));
    const users = await client.query<{ username: string; wallet_address: string }>(
      'SELECT username, wallet_address FROM users',
    );
    const storedUsers = new Set(users.rows.map((row) => `${row.username} ${row.wallet_address}`));
    return (
      result.records.filter((record) => {
        const row = stored.get(record.lookupKey);
        return row?.iv !== record.iv || row?.cipher_text !== record.cipherText;
      }).length +
      result.users.filter((user) => !storedUsers.has(`${user.username} ${user.walletAddress}`))
        .length
    );
  } finally {
    await client.end();
  }
}

/** From the fault's start: the first and last failed request sent, and each instance's first 200 after it ended. */
function felt(
  outcomes: readonly Outcome[],
  urls: readonly string[],
  fault: { startedAt: number; endedAt: number },
  until: number,
): { firstError: number; lastError: number; backAfter: number[]; failed: number } {
  const window = outcomes.filter((o) => o.at >= fault.startedAt && o.at < until);
  const failed = window.filter((o) => o.kind !== '200');
  const backAfter = urls.map((url) => {
    const first = window.find((o) => o.url === url && o.kind === '200' && o.at >= fault.endedAt);
    return first ? first.at + first.ms - fault.endedAt : Number.NaN;
  });
  return {
    firstError: (failed[0]?.at ?? Number.NaN) - fault.startedAt,
    lastError: (failed.at(-1)?.at ?? Number.NaN) - fault.startedAt,
    backAfter,
    failed: failed.length,
  };
}

const kindsText = (kinds: readonly [string, number][]): string =>
  kinds.map(([kind, n]) => `${kind}: ${n.toLocaleString('en-US')}`).join(', ') || 'none';

// SQLite, one failed WAL fsync: refused, never acknowledged.
const fsync = await runSqliteFsyncFault({ durationMs: fsyncDurationMs, concurrency });
const acknowledgedAfter = fsync.writesAfter.find(([kind]) => kind === '200')?.[1] ?? 0;
const fsyncLine = `writes sent after it: ${kindsText(fsync.writesAfter)} (${fsync.writesBefore.toLocaleString('en-US')} answered 200 before it); reads of earlier records after it: ${kindsText(fsync.readsAfter)}; /health then: ${fsync.health.slice(0, 3)}`;
console.log(
  `SQLite, one failed WAL fsync at ${(fsyncDurationMs * 0.4) / 1000} s of ${fsyncDurationMs / 1000} s (${concurrency} in flight): ${fsyncLine}`,
);
report.row('SQLite, one failed WAL fsync: answers after it', fsyncLine);
report.row(
  'SQLite, writes acknowledged after a failed fsync / wrong reads',
  `**${acknowledgedAfter}** / ${fsync.wrongReads}`,
  '0 / 0',
);
if (acknowledgedAfter > 0 || fsync.wrongReads > 0 || !fsync.health.startsWith('503')) {
  process.exitCode = 1;
}

const cluster = await startPostgresCluster();
const instances: SpawnedServer[] = [];
try {
  const databaseUrl = await cluster.createDatabase();
  const env = {
    DATABASE_URL: databaseUrl,
    TRUST_PROXY: '1',
    // The limiter counts every request (one upsert each) and never refuses the load: every
    // request has a client address of its own.
    RATE_LIMIT_WINDOW_SECONDS: '86400',
    // Reads pick acknowledged records at random, the early ones many times over.
    RATE_LIMIT_PER_LOOKUP_KEY: '1000000',
  };
  instances.push(await spawnServer(env), await spawnServer(env));
  const urls = instances.map((instance) => instance.url);
  const faultsAt = [Math.round(durationMs * 0.25), Math.round(durationMs * 0.6)];
  console.log(
    `${durationMs / 1000} s, ${concurrency} requests in flight over 2 instances; PostgreSQL restarted at ${faultsAt.map((ms) => `${ms / 1000} s`).join(' and ')}, ${downMs} ms down each time`,
  );
  const result = await runMixedLoad({
    urls,
    durationMs,
    concurrency,
    timeoutMs: 15_000,
    faults: [
      {
        atMs: faultsAt[0] ?? 0,
        name: 'fast restart',
        run: () => cluster.restart({ mode: 'fast', downMs }),
      },
      {
        atMs: faultsAt[1] ?? 0,
        name: 'crash (immediate stop, WAL recovery)',
        run: () => cluster.restart({ mode: 'immediate', downMs }),
      },
    ],
  });
  const seconds = result.durationMs / 1000;
  const total = result.outcomes.length;
  const kinds = countKinds(result.outcomes);
  const ok = result.outcomes.filter((o) => o.kind === '200');
  const answered = result.outcomes.map((o) => o.ms);
  const okMs = ok.map((o) => o.ms);
  const lostCount = await lost(databaseUrl, result);

  const kindText = kinds.map(([kind, n]) => `${kind}: ${n.toLocaleString('en-US')}`).join(', ');
  console.log(`requests: ${total.toLocaleString('en-US')} (${Math.round(total / seconds)}/s)`);
  console.log(`by kind: ${kindText}`);
  console.log(
    `latency, all: p50 ${fmt(percentile(answered, 50))}, p99 ${fmt(percentile(answered, 99))}, max ${fmt(percentile(answered, 100))}; answered 200: p99 ${fmt(percentile(okMs, 99))}`,
  );
  report.row(
    'requests (2 instances, mixed)',
    `${total.toLocaleString('en-US')} in ${seconds.toFixed(0)} s (${Math.round(total / seconds)}/s)`,
  );
  report.row('answers by kind', kindText);
  report.row(
    'latency p50 / p99 / max, every request',
    `${fmt(percentile(answered, 50))} / **${fmt(percentile(answered, 99))}** / ${fmt(percentile(answered, 100))}`,
  );
  report.row('latency p99, requests answered 200', fmt(percentile(okMs, 99)));

  const sorted = [...result.faults].sort((x, y) => x.startedAt - y.startedAt);
  for (const [i, fault] of sorted.entries()) {
    const until = sorted[i + 1]?.startedAt ?? Number.POSITIVE_INFINITY;
    const seen = felt(result.outcomes, urls, fault, until);
    const line = `${seen.failed} failed requests, sent ${fmt(seen.firstError)} to ${fmt(seen.lastError)} after the stop began; database back ${fmt(fault.endedAt - fault.startedAt)} after it; each instance's first 200 ${seen.backAfter.map(fmt).join(' / ')} after that`;
    console.log(`${fault.name}: ${line}`);
    report.row(`${fault.name} (${downMs} ms down)`, line);
  }
  console.log(
    `acknowledged and lost: ${lostCount}; reads answering 404 or another record: ${result.wrongReads.length}`,
  );
  report.row(
    'acknowledged records and users lost / wrong reads',
    `**${lostCount}** of ${(result.records.length + result.users.length).toLocaleString('en-US')} / ${result.wrongReads.length}`,
    '0 / 0',
  );
  report.finish();
  if (lostCount > 0 || result.wrongReads.length > 0) process.exitCode = 1;
} finally {
  await Promise.all(instances.map((instance) => instance.stop()));
  await cluster.stop();
}
