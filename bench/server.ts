// `npm run bench:server`: the backend's throughput and p99, each beside what bounds it, measured
// in the same run so the ratios compare like with like on a shared machine:
// - GET /authentication on SQLite (one lookupKey, and 256 rotating ones) beside a bare node:http
//   handler and a bare Hono route answering the same JSON;
// - POST /authentication storing a new record each, every one durable before its 200, beside a
//   bare Hono route that reads the same JSON body;
// - the same GET and POST on PostgreSQL (a throwaway cluster with fsync on, as in production):
//   one instance, and two instances on one database sharing the load; and how many commits
//   each WAL fsync covered during the POST runs.
// Each server runs in its own child process; autocannon drives them from this one, on 127.0.0.1.
//   BENCH_DURATION (s per run, default 5), BENCH_ROUNDS (default 3), BENCH_CONNECTIONS (default
//   32), BENCH_POSTGRES=0 to leave PostgreSQL out (it needs the Debian postgresql package; PG_BIN
//   names its bin folder, as for the integration tests), BENCH_POST=0 to leave the POST runs out
//   (with both: only the SQLite GET runs and their two bare baselines).
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer } from '@encore-wallet/server';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import pg from 'pg';
import {
  findPostgresBin,
  type PostgresCluster,
  startPostgresCluster,
} from '../tests/support/backend/postgres-cluster.ts';
import { benchInteger } from './internal/env-integer.ts';
import { median } from './internal/median.ts';
import { benchReport } from './internal/report.ts';

interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
}
interface AutocannonRequest {
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  /** Called for each request sent: here, to give every POST a lookupKey of its own. */
  setupRequest?: (request: AutocannonRequest) => AutocannonRequest & { body?: string };
}
type Autocannon = (options: {
  url: string;
  connections: number;
  duration: number;
  requests?: AutocannonRequest[];
}) => Promise<AutocannonResult>;
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

const RECORD = {
  iv: '0123456789abcdef0123456789abcdef',
  cipherText: 'ab'.repeat(48),
  lookupKey: 'cd'.repeat(32),
};
const PATH = `/authentication?lookupKey=${RECORD.lookupKey}`;
// A second Encore run cycles through many stored records: no two requests in a row share a
// lookupKey bucket or a record, so the limiter cannot coalesce them.
const MANY_KEYS = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(64, 'e'));
// POST bodies: a new lookupKey each (zero-padded counter: never one of the seeded keys above), so
// every write is a new record answered 200, stored durably.
let written = 0;
const POST_REQUEST: AutocannonRequest = {
  method: 'POST',
  path: '/authentication',
  headers: { 'content-type': 'application/json' },
  setupRequest: (request) => ({
    ...request,
    body: JSON.stringify({ ...RECORD, lookupKey: (written++).toString(16).padStart(64, '0') }),
  }),
};
type Target = 'encore' | 'hono' | 'node';

/** Child mode: start one target server and print its URL. */
async function serveTarget(target: Target, databaseUrl?: string, seed = true): Promise<void> {
  let url: string;
  if (target === 'encore') {
    let dir: string | undefined;
    if (!databaseUrl) {
      dir = mkdtempSync(join(tmpdir(), 'encore-bench-'));
      const tempDir = dir;
      process.once('exit', () => rmSync(tempDir, { recursive: true, force: true }));
    }
    const server = await startServer({
      databaseUrl: databaseUrl ?? `sqlite:${join(dir ?? '', 'bench.sqlite')}`,
      // Raised so every request is answered 200, but still counted: the limiter write is measured.
      rateLimit: {
        perAddress: 1e9,
        perLookupKey: 1e9,
        writesPerAddress: 1e9,
        writesPerLookupKey: 1e9,
      },
    });
    // The parent stops this child with SIGTERM: close the store (SQLite's last fsyncs, the pool),
    // then exit normally so the temp dir goes too.
    process.once('SIGTERM', () => {
      server.close().finally(() => process.exit(0));
    });
    const records = seed
      ? [RECORD, ...MANY_KEYS.map((lookupKey) => ({ ...RECORD, lookupKey }))]
      : [];
    for (let i = 0; i < records.length; i += 16) {
      await Promise.all(
        records.slice(i, i + 16).map((record) =>
          fetch(`${server.url}/authentication`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(record),
          }),
        ),
      );
    }
    url = server.url;
  } else if (target === 'hono') {
    const app = new Hono();
    app.get('/authentication', (c) => c.json(RECORD));
    app.post('/authentication', async (c) => {
      await c.req.json();
      return c.json({ ok: true });
    });
    url = await new Promise((resolve) => {
      const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) =>
        resolve(`http://127.0.0.1:${info.port}`),
      );
      void s;
    });
  } else {
    const body = JSON.stringify(RECORD);
    const server = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' }).end(body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }
  console.log(`listening ${url}`);
}

interface Child {
  child: ChildProcess;
  url: string;
}

function startChild(target: Target, databaseUrl?: string, seed = true): Promise<Child> {
  const args = ['--import', 'tsx', fileURLToPath(import.meta.url), '--serve', target];
  if (databaseUrl) args.push(databaseUrl, seed ? 'seed' : 'no-seed');
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      const match = /listening (\S+)/.exec(chunk.toString());
      if (match?.[1]) resolve({ child, url: match[1] });
    });
    child.once('exit', (code) => reject(new Error(`${target} server exited with ${code}`)));
  });
}

function stopChild({ child }: Child): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

interface Figures {
  rps: number;
  p99: number;
  /** Server CPU time (user + system) per request, in µs: steadier than req/s on a busy machine. */
  cpuMicros: number;
  /** Requests answered in the run. */
  total: number;
}

/** CPU seconds a process has used so far (Linux /proc; NaN elsewhere). */
function cpuSeconds(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    // utime and stime: fields 14 and 15 of stat, 12 and 13 after the command name, in ticks.
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return Number.NaN;
  }
}

type ServerName = 'node' | 'hono' | 'sqlite' | 'pg' | 'pg2a' | 'pg2b';

interface Run {
  label: string;
  /** The servers this run loads, the connections split evenly between them. */
  servers: ServerName[];
  /** GET of one lookupKey (default), GET cycling through 256 keys, or POST of new records. */
  requests?: 'many' | 'post';
  /** Runs this one is compared with (by label), and the target for that ratio if there is one. */
  versus?: { label: string; target?: string }[];
  /** A target for the run's own req/s. */
  target?: string;
}

const NODE = 'bare node:http handler';
const HONO = 'bare Hono route (@hono/node-server)';
const HONO_POST = 'bare Hono POST route (reads the JSON)';
const SQLITE_RUNS: Run[] = [
  { label: NODE, servers: ['node'] },
  { label: HONO, servers: ['hono'] },
  {
    label: 'Encore GET /authentication, SQLite, one key',
    servers: ['sqlite'],
    versus: [{ label: NODE, target: '≥ 85%' }, { label: HONO }],
  },
  {
    label: 'Encore GET /authentication, SQLite, 256 keys',
    servers: ['sqlite'],
    requests: 'many',
    versus: [{ label: NODE }, { label: HONO }],
  },
  { label: HONO_POST, servers: ['hono'], requests: 'post' },
  {
    label: 'Encore POST /authentication, SQLite, new records',
    servers: ['sqlite'],
    requests: 'post',
    target: '≥ 10,000 req/s',
    versus: [{ label: HONO_POST }],
  },
];
const PG_POST_ONE = 'Encore POST /authentication, PostgreSQL, new records';
const PG_POST_TWO = 'Encore POST /authentication, PostgreSQL ×2 on one database';
const POSTGRES_RUNS: Run[] = [
  {
    label: 'Encore GET /authentication, PostgreSQL, one key',
    servers: ['pg'],
    versus: [{ label: NODE }],
  },
  {
    label: 'Encore GET /authentication, PostgreSQL ×2 on one database',
    servers: ['pg2a', 'pg2b'],
    versus: [{ label: NODE }],
  },
  { label: PG_POST_ONE, servers: ['pg'], requests: 'post', versus: [{ label: HONO_POST }] },
  {
    label: PG_POST_TWO,
    servers: ['pg2a', 'pg2b'],
    requests: 'post',
    versus: [{ label: HONO_POST }],
  },
];

/** One run of autocannon per server at once, the connections split between them. */
async function run(
  targets: Child[],
  connections: number,
  duration: number,
  requests?: Run['requests'],
): Promise<Figures> {
  const cpuBefore = targets.map(({ child }) => cpuSeconds(child.pid));
  const each = Math.max(1, Math.round(connections / targets.length));
  const results = await Promise.all(
    targets.map((target) =>
      autocannon({
        url: `${target.url}${PATH}`,
        connections: each,
        duration,
        requests:
          requests === 'many'
            ? MANY_KEYS.map((key) => ({ method: 'GET', path: `/authentication?lookupKey=${key}` }))
            : requests === 'post'
              ? [POST_REQUEST]
              : undefined,
      }),
    ),
  );
  const cpu = targets.reduce(
    (sum, { child }, i) => sum + cpuSeconds(child.pid) - (cpuBefore[i] ?? 0),
    0,
  );
  for (const [i, result] of results.entries()) {
    if (result.non2xx > 0 || result.errors > 0) {
      throw new Error(
        `${targets[i]?.url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`,
      );
    }
  }
  const total = results.reduce((sum, r) => sum + r.requests.total, 0);
  return {
    rps: results.reduce((sum, r) => sum + r.requests.average, 0),
    p99: Math.max(...results.map((r) => r.latency.p99)),
    cpuMicros: (cpu * 1e6) / total,
    total,
  };
}

/** PostgreSQL's own count of commits (this database) and of WAL fsyncs (the cluster). */
async function walCounters(databaseUrl: string): Promise<{ commits: number; syncs: number }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ commits: string; syncs: string }>(
      `SELECT (SELECT xact_commit FROM pg_stat_database WHERE datname = current_database()) AS commits,
              (SELECT wal_sync FROM pg_stat_wal) AS syncs`,
    );
    return { commits: Number(rows[0]?.commits), syncs: Number(rows[0]?.syncs) };
  } finally {
    await client.end();
  }
}

const pct = (x: number): string => `${(x * 100).toFixed(1)}%`;
const thousands = (x: number): string => Math.round(x).toLocaleString('en-US');

async function startPostgres(): Promise<PostgresCluster | undefined> {
  if (process.env.BENCH_POSTGRES === '0') return undefined;
  try {
    findPostgresBin();
  } catch (error) {
    console.log(`PostgreSQL left out: ${(error as Error).message}`);
    return undefined;
  }
  // Three instances, two pools of 10 each, and this process's own counter reads.
  return startPostgresCluster({ durable: true, maxConnections: 100 });
}

async function main(): Promise<void> {
  const duration = benchInteger('BENCH_DURATION', 5);
  const rounds = benchInteger('BENCH_ROUNDS', 3);
  const connections = benchInteger('BENCH_CONNECTIONS', 32);
  const report = benchReport('server');
  const cluster = await startPostgres();
  console.log(
    `GET /authentication?lookupKey=… and POST /authentication  ${connections} connections, ${rounds} interleaved rounds of ${duration} s per run${cluster ? '; SQLite and PostgreSQL (fsync on)' : '; SQLite only'}`,
  );
  const servers = new Map<ServerName, Child>();
  const withPost = process.env.BENCH_POST !== '0';
  const runs = (cluster ? [...SQLITE_RUNS, ...POSTGRES_RUNS] : SQLITE_RUNS).filter(
    (r) => withPost || r.requests !== 'post',
  );
  const figures = new Map<string, Figures[]>(runs.map((r) => [r.label, []]));
  // Records stored, commits and WAL fsyncs during the PostgreSQL POST runs.
  const wal = new Map<string, { records: number; commits: number; syncs: number }>();
  try {
    const [node, hono, sqlite] = await Promise.all([
      startChild('node'),
      startChild('hono'),
      startChild('encore'),
    ]);
    servers.set('node', node).set('hono', hono).set('sqlite', sqlite);
    let pgUrls: string[] = [];
    if (cluster) {
      pgUrls = [await cluster.createDatabase(), await cluster.createDatabase()];
      servers.set('pg', await startChild('encore', pgUrls[0]));
      // The second instance finds the tables and records the first one made.
      servers.set('pg2a', await startChild('encore', pgUrls[1]));
      servers.set('pg2b', await startChild('encore', pgUrls[1], false));
    }
    for (const server of servers.values()) await run([server], connections, 2); // warm-up
    // Interleaved, so a neighbour's load on a shared machine hits every run alike.
    for (let round = 0; round < rounds; round++) {
      for (const r of runs) {
        const targets = r.servers.map((name) => servers.get(name)).filter((s) => s !== undefined);
        const databaseUrl = r.servers[0] === 'pg' ? pgUrls[0] : pgUrls[1];
        const countWal = r.requests === 'post' && r.servers[0]?.startsWith('pg') && databaseUrl;
        const before = countWal ? await walCounters(databaseUrl) : undefined;
        const result = await run(targets, connections, duration, r.requests);
        figures.get(r.label)?.push(result);
        if (countWal && before) {
          const after = await walCounters(databaseUrl);
          const sum = wal.get(r.label) ?? { records: 0, commits: 0, syncs: 0 };
          wal.set(r.label, {
            records: sum.records + result.total,
            commits: sum.commits + after.commits - before.commits,
            syncs: sum.syncs + after.syncs - before.syncs,
          });
        }
      }
    }
  } finally {
    await Promise.all([...servers.values()].map(stopChild));
    await cluster?.stop();
  }

  for (const r of runs) {
    const f = figures.get(r.label) ?? [];
    const rps = median(f.map((x) => x.rps));
    const all = f.map((x) => x.rps.toFixed(0)).join(', ');
    const p99 = median(f.map((x) => x.p99));
    const cpu = median(f.map((x) => x.cpuMicros));
    console.log(
      `${r.label.padEnd(60)} median ${rps.toFixed(0).padStart(6)} req/s  p99 ${p99} ms  ${cpu.toFixed(0)} µs CPU/req   (rounds: ${all})${r.target ? `   (target ${r.target})` : ''}`,
    );
    report.row(
      r.label,
      `${r.target ? `**${thousands(rps)}** req/s` : `${thousands(rps)} req/s`}, p99 ${p99} ms, ${cpu.toFixed(0)} µs server CPU/req`,
      r.target ?? '',
    );
  }
  for (const r of runs) {
    for (const versus of r.versus ?? []) {
      const encore = figures.get(r.label) ?? [];
      const bare = figures.get(versus.label) ?? [];
      const ratios = encore.map((f, round) => f.rps / (bare[round]?.rps ?? Number.NaN));
      // The same ratio from server CPU per request: what req/s would show on an idle machine.
      const cpuRatio =
        median(bare.map((f) => f.cpuMicros)) / median(encore.map((f) => f.cpuMicros));
      const target = versus.target ? `   (target ${versus.target})` : '';
      console.log(
        `${r.label} / ${versus.label}: req/s median ${pct(median(ratios))} (rounds: ${ratios.map(pct).join(', ')}), by CPU per request ${pct(cpuRatio)}${target}`,
      );
      report.row(
        `${r.label} / ${versus.label}`,
        `${versus.target ? `**${pct(median(ratios))}**` : pct(median(ratios))} of req/s (${pct(cpuRatio)} by CPU per request)`,
        versus.target ?? '',
      );
    }
  }
  const hono = figures.get(HONO) ?? [];
  const node = figures.get(NODE) ?? [];
  const honoShare = hono.map((f, round) => f.rps / (node[round]?.rps ?? Number.NaN));
  console.log(`bare Hono / bare node:http: req/s median ${pct(median(honoShare))}`);
  report.row('bare Hono / bare `node:http`', `${pct(median(honoShare))} of req/s`);
  for (const [label, { records, commits, syncs }] of wal) {
    // A POST commits twice: its counters (not waiting for a flush) and its record (waiting).
    // PostgreSQL's counts reach its views up to a second late: ratios over all rounds, not exact.
    const line = `${thousands(records)} records (${thousands(commits)} commits), ${thousands(syncs)} WAL fsyncs: ${(records / Math.max(1, syncs)).toFixed(1)} records per fsync`;
    console.log(`${label}, all rounds: ${line}`);
    report.row(`${label}: records per WAL fsync`, line);
  }
  report.row(
    'load',
    `${connections} connections (split evenly between two instances), ${rounds} interleaved rounds of ${duration} s; server CPU excludes PostgreSQL's own processes`,
  );
  report.finish();
}

const serveIndex = process.argv.indexOf('--serve');
if (serveIndex !== -1) {
  const [target, databaseUrl, seed] = process.argv.slice(serveIndex + 1);
  await serveTarget(target as Target, databaseUrl, seed !== 'no-seed');
} else {
  await main();
}
