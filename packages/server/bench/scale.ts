// `npm run bench:scale`: the backend's cost as its data grows. A store is filled with 10^4, 10^5,
// 10^6 and 10^7 records and users by a generator writing straight to the database in big
// transactions (bench/internal/scale-fill.ts), growing in place from one size to the next and
// copied at each size (SQLite: the file; PostgreSQL: CREATE DATABASE … TEMPLATE), on SQLite and on
// PostgreSQL (a throwaway cluster with fsync on). Then, in rounds that visit every size in turn
// (so a neighbour's load on a shared machine hits every size alike), for each size:
// - the time to open the store: the server started as `make start` starts it (`node packages/server/src/main.ts`
//   on the existing database) until GET /health answers; and openStore() alone, in this process;
// - GET /authentication req/s, p50 and p99 through the real server over HTTP (autocannon, after a
//   one-second warm-up), for hits (lookupKeys spread over the whole store) and for misses;
// - POST /authentication req/s, a new record each (random lookupKeys, as real ones are);
// and once, the database's size on disk per record and per user, beside the bytes of the strings
// each holds.
// Run: npm run bench:scale. BENCH_SCALE_MAX (default 10000000) is the largest size (100000 runs in
// a few minutes), BENCH_ROUNDS (default 3), BENCH_DURATION (s per run, default 5),
// BENCH_CONNECTIONS (default 32), BENCH_POSTGRES=0 to leave PostgreSQL out, BENCH_SQLITE=0 to
// leave SQLite out. 10^7 takes several GB of disk per engine (about 4 on SQLite, 7 on PostgreSQL
// with its copies of the smaller sizes), given back when the engine is done.
import { type ChildProcess, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { benchInteger } from '../../../bench/internal/env-integer.ts';
import { median } from '../../../bench/internal/median.ts';
import { benchReport } from '../../../bench/internal/report.ts';
import {
  fillPostgres,
  fillSqlite,
  postgresSize,
  type StoreSize,
  sqliteSize,
} from '../../../bench/internal/scale-fill.ts';
import {
  sampleIndices,
  scaleLookupKey,
  scaleRow,
  stringBytes,
} from '../../../bench/internal/scale-rows.ts';
import {
  findPostgresBin,
  startPostgresCluster,
} from '../../../tests/support/backend/postgres-cluster.ts';
import { openStore } from '../src/store/open-store.ts';

interface AutocannonRequest {
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  setupRequest?: (request: AutocannonRequest) => AutocannonRequest & { body?: string };
}
interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
  statusCodeStats: Record<string, { count: number }>;
}
type Autocannon = (options: {
  url: string;
  connections: number;
  duration: number;
  requests: AutocannonRequest[];
}) => Promise<AutocannonResult>;
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

const MAX = benchInteger('BENCH_SCALE_MAX', 10_000_000);
const DURATION = benchInteger('BENCH_DURATION', 5);
const CONNECTIONS = benchInteger('BENCH_CONNECTIONS', 32);
const ROUNDS = benchInteger('BENCH_ROUNDS', 3);
const SIZES = [10_000, 100_000, 1_000_000, 10_000_000].filter((n) => n <= MAX);
/** Distinct lookupKeys each GET run cycles through. */
const KEYS_PER_RUN = 10_000;
const SERVER_MAIN = join(import.meta.dirname, '..', 'src', 'main.ts');

interface Engine {
  name: 'SQLite' | 'PostgreSQL';
  /** The database being filled. */
  databaseUrl: string;
  fill(from: number, to: number): Promise<void>;
  size(): Promise<StoreSize>;
  /** A copy of the database as it is now, for the rounds; returns its DATABASE_URL. */
  snapshot(n: number): Promise<string>;
  cleanUp(): Promise<void>;
}

interface Sized {
  n: number;
  databaseUrl: string;
  fillSeconds: number;
  size: StoreSize;
  starts: number[];
  opens: number[];
  hits: AutocannonResult[];
  misses: AutocannonResult[];
  posts: AutocannonResult[];
}

async function sqliteEngine(): Promise<Engine> {
  const dir = mkdtempSync(join(tmpdir(), 'encore-scale-'));
  const path = join(dir, 'scale.sqlite');
  const databaseUrl = `sqlite:${path}`;
  await (await openStore(databaseUrl)).close();
  const fileBytes = (): number =>
    [path, `${path}-wal`].reduce((sum, p) => sum + (existsSync(p) ? statSync(p).size : 0), 0);
  return {
    name: 'SQLite',
    databaseUrl,
    async fill(from, to) {
      fillSqlite(path, from, to);
    },
    async size() {
      return sqliteSize(path, fileBytes());
    },
    async snapshot(n) {
      // The fill ends with a truncating checkpoint: the file alone is the database.
      const copy = join(dir, `${n}.sqlite`);
      copyFileSync(path, copy);
      return `sqlite:${copy}`;
    },
    async cleanUp() {
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function postgresEngine(): Promise<Engine> {
  const cluster = await startPostgresCluster({ durable: true, maxConnections: 60 });
  const databaseUrl = await cluster.createDatabase();
  await (await openStore(databaseUrl)).close();
  const filling = new URL(databaseUrl).pathname.slice(1);
  return {
    name: 'PostgreSQL',
    databaseUrl,
    fill: (from, to) => fillPostgres(databaseUrl, from, to),
    size: () => postgresSize(databaseUrl),
    async snapshot(n) {
      const client = new pg.Client({
        connectionString: databaseUrl.replace(/\/[^/]*$/, '/postgres'),
      });
      await client.connect();
      try {
        await client.query(`CREATE DATABASE scale_${n} TEMPLATE ${filling}`);
      } finally {
        await client.end();
      }
      return databaseUrl.replace(/\/[^/]*$/, `/scale_${n}`);
    },
    cleanUp: () => cluster.stop(),
  };
}

interface Server {
  child: ChildProcess;
  url: string;
  /** From the spawn to GET /health's 200. */
  startMs: number;
}

/** The server as `make start` runs it, on `databaseUrl`; resolves once /health answers 200. */
function startServer(databaseUrl: string): Promise<Server> {
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER_MAIN], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: '0',
      // Every request answered 200 (and still counted: the limiter's write is measured).
      RATE_LIMIT_PER_ADDRESS: '1000000000',
      RATE_LIMIT_PER_LOOKUP_KEY: '1000000000',
      RATE_LIMIT_WRITES_PER_ADDRESS: '1000000000',
      RATE_LIMIT_WRITES_PER_LOOKUP_KEY: '1000000000',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    let seen = false;
    child.stdout?.on('data', async (chunk: Buffer) => {
      out += chunk.toString();
      const match = /encore backend on (http:\/\/\S+)/.exec(out);
      if (!match?.[1] || seen) return;
      seen = true;
      const url = match[1];
      const health = await fetch(`${url}/health`).catch(() => null);
      if (health?.status !== 200) {
        reject(new Error(`${url}/health answered ${health?.status ?? 'nothing'}`));
        return;
      }
      resolve({ child, url, startMs: performance.now() - started });
    });
    child.once('exit', (code) => reject(new Error(`the server exited with ${code}`)));
  });
}

function stopServer({ child }: Server): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

async function load(url: string, requests: AutocannonRequest[]): Promise<AutocannonResult> {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: DURATION,
    requests,
  });
  // On a machine shared with other work a few requests can time out (autocannon's 10 s): they
  // are counted and printed, not fatal; any other error is.
  const timeouts = (result as AutocannonResult & { timeouts?: number }).timeouts ?? 0;
  if (result.errors > timeouts) throw new Error(`${url}: ${result.errors} errors`);
  return result;
}

const get = (key: string): AutocannonRequest => ({
  method: 'GET',
  path: `/authentication?lookupKey=${key}`,
});

/** New records for POST: random lookupKeys no fill writes (sha256, not the fill's md5 pair). */
let posted = 0;
const POSTED_ROW = scaleRow(0);
const POST: AutocannonRequest = {
  method: 'POST',
  path: '/authentication',
  headers: { 'content-type': 'application/json' },
  setupRequest: (request) => {
    const lookupKey = createHash('sha256').update(`post-${posted++}`).digest('hex');
    const { iv, cipherText } = POSTED_ROW;
    return { ...request, body: JSON.stringify({ lookupKey, iv, cipherText }) };
  },
};

/** One round at one size: a server start, a warm-up, then GET hits, GET misses and POSTs. */
async function round(sized: Sized): Promise<void> {
  const t = performance.now();
  const store = await openStore(sized.databaseUrl);
  await store.ping();
  sized.opens.push(performance.now() - t);
  await store.close();

  const server = await startServer(sized.databaseUrl);
  sized.starts.push(server.startMs);
  try {
    const { n } = sized;
    const hitKeys = sampleIndices(n, KEYS_PER_RUN, n + sized.hits.length).map(scaleLookupKey);
    // Row numbers no fill reaches (sizes stop at 10^7).
    const missKeys = sampleIndices(1e9, KEYS_PER_RUN, n).map((i) => scaleLookupKey(2e9 + i));
    await autocannon({
      url: server.url,
      connections: CONNECTIONS,
      duration: 1,
      requests: hitKeys.map(get),
    });
    const hits = await load(server.url, hitKeys.map(get));
    const hitCodes = Object.keys(hits.statusCodeStats);
    if (hits.non2xx > 0 || hitCodes.some((code) => code !== '200')) {
      throw new Error(`hits answered ${hitCodes.join(', ')}`);
    }
    sized.hits.push(hits);
    sized.misses.push(await load(server.url, missKeys.map(get)));
    const posts = await load(server.url, [POST]);
    if (posts.non2xx > 0) throw new Error(`${posts.non2xx} POSTs were refused`);
    sized.posts.push(posts);
  } finally {
    await stopServer(server);
  }
}

/** Fills `engine` size by size, copies each, runs the rounds; the copies go with the engine. */
async function measureEngine(engine: Engine): Promise<Sized[]> {
  const sized: Sized[] = [];
  let filled = 0;
  for (const n of SIZES) {
    const t = performance.now();
    await engine.fill(filled, n);
    filled = n;
    const fillSeconds = (performance.now() - t) / 1000;
    const size = await engine.size();
    const databaseUrl = n === SIZES.at(-1) ? engine.databaseUrl : await engine.snapshot(n);
    console.log(
      `${engine.name} ${sizeName(n)}: filled in ${fillSeconds.toFixed(1)} s, ${(size.total / 2 ** 20).toFixed(1)} MiB`,
    );
    sized.push({
      n,
      databaseUrl,
      fillSeconds,
      size,
      starts: [],
      opens: [],
      hits: [],
      misses: [],
      posts: [],
    });
  }
  for (let r = 0; r < ROUNDS; r++) {
    for (const s of sized) {
      await round(s);
      const [hit, miss, post] = [s.hits.at(-1), s.misses.at(-1), s.posts.at(-1)];
      console.log(
        `  round ${r + 1}, ${engine.name} ${sizeName(s.n)}: start ${ms(s.starts.at(-1) ?? 0)}; GET hit ${thousands(hit?.requests.average ?? 0)} req/s p99 ${ms(hit?.latency.p99 ?? 0)}; miss ${thousands(miss?.requests.average ?? 0)} req/s p99 ${ms(miss?.latency.p99 ?? 0)}; POST ${thousands(post?.requests.average ?? 0)} req/s`,
      );
    }
  }
  return sized;
}

const thousands = (x: number): string => Math.round(x).toLocaleString('en-US');
const ms = (x: number): string => `${x.toFixed(x < 10 ? 1 : 0)} ms`;
const sizeName = (n: number): string => `10^${Math.round(Math.log10(n))}`;
const rps = (runs: AutocannonResult[]): number => median(runs.map((r) => r.requests.average));
const p50 = (runs: AutocannonResult[]): number => median(runs.map((r) => r.latency.p50));
const p99 = (runs: AutocannonResult[]): number => median(runs.map((r) => r.latency.p99));
const timeouts = (runs: AutocannonResult[]): number =>
  runs.reduce((sum, r) => sum + ((r as AutocannonResult & { timeouts?: number }).timeouts ?? 0), 0);

async function main(): Promise<void> {
  const report = benchReport('scale');
  const strings = stringBytes(scaleRow(1_234_567));
  const engines: (() => Promise<Engine>)[] = process.env.BENCH_SQLITE === '0' ? [] : [sqliteEngine];
  if (process.env.BENCH_POSTGRES !== '0') {
    try {
      findPostgresBin();
      engines.push(postgresEngine);
    } catch (error) {
      console.log(`PostgreSQL left out: ${(error as Error).message}`);
    }
  }
  console.log(
    `bench:scale: sizes ${SIZES.map(sizeName).join(', ')}; ${ROUNDS} rounds, ${DURATION} s per run, ${CONNECTIONS} connections; a record's strings ${strings.record} bytes, a user's ${strings.user}`,
  );
  for (const make of engines) {
    const engine = await make();
    let sized: Sized[];
    try {
      sized = await measureEngine(engine);
    } finally {
      await engine.cleanUp();
    }
    console.log(`\n${engine.name}, medians of ${ROUNDS} rounds:`);
    const first = sized[0];
    for (const s of sized) {
      const lost = timeouts([...s.hits, ...s.misses, ...s.posts]);
      console.log(
        `${sizeName(s.n)}:` +
          `\n  open: server start to /health ${ms(median(s.starts))}, openStore() ${ms(median(s.opens))}` +
          `\n  GET hit  ${thousands(rps(s.hits))} req/s, p50 ${ms(p50(s.hits))}, p99 ${ms(p99(s.hits))}` +
          `\n  GET miss ${thousands(rps(s.misses))} req/s, p50 ${ms(p50(s.misses))}, p99 ${ms(p99(s.misses))}` +
          `\n  POST new ${thousands(rps(s.posts))} req/s, p50 ${ms(p50(s.posts))}, p99 ${ms(p99(s.posts))}` +
          (lost ? `\n  ${lost} requests timed out (10 s) in all runs at this size` : '') +
          `\n  on disk ${(s.size.total / 2 ** 20).toFixed(1)} MiB; ${(s.size.records / s.n).toFixed(0)} B per record (its strings ${strings.record} B), ${(s.size.users / s.n).toFixed(0)} B per user (its strings ${strings.user} B)`,
      );
      const p99Ratio = first ? p99(s.hits) / p99(first.hits) : 1;
      const missRatio = first ? p99(s.misses) / p99(first.misses) : 1;
      const startRatio = first ? median(s.starts) / median(first.starts) : 1;
      report.row(
        `${engine.name}, ${sizeName(s.n)} records and users`,
        [
          `GET hit ${thousands(rps(s.hits))} req/s, p50/p99 ${ms(p50(s.hits))}/${ms(p99(s.hits))}`,
          `miss ${thousands(rps(s.misses))} req/s, ${ms(p50(s.misses))}/${ms(p99(s.misses))}`,
          `POST ${thousands(rps(s.posts))} req/s`,
          `${(s.size.records / s.n).toFixed(0)} B/record (strings ${strings.record} B), ${(s.size.users / s.n).toFixed(0)} B/user (strings ${strings.user} B)`,
          `start to /health ${ms(median(s.starts))}, openStore() ${ms(median(s.opens))}`,
          s === first
            ? ''
            : `**p99 ${p99Ratio.toFixed(2)}x** (hit), ${missRatio.toFixed(2)}x (miss), start ${startRatio.toFixed(2)}x of 10^4`,
        ]
          .filter(Boolean)
          .join('; '),
        s === sized.at(-1) && s !== first ? 'p99 ≤ 1.5x of 10^4; start flat' : '',
      );
    }
    const last = sized.at(-1);
    if (first && last && first !== last) {
      for (const [what, runsOf] of [
        ['GET hit p99', (s: Sized) => p99(s.hits)],
        ['GET miss p99', (s: Sized) => p99(s.misses)],
      ] as const) {
        const ratio = runsOf(last) / runsOf(first);
        console.log(
          `  ${what}: ${ms(runsOf(first))} at ${sizeName(first.n)}, ${ms(runsOf(last))} at ${sizeName(last.n)} -> ${ratio.toFixed(2)}x (goal <= 1.5x: ${ratio <= 1.5 ? 'met' : 'NOT met'})`,
        );
      }
      const startRatio = median(last.starts) / median(first.starts);
      console.log(
        `  server start to /health: ${startRatio.toFixed(2)}x from ${sizeName(first.n)} to ${sizeName(last.n)} (goal: flat); openStore() ${ms(median(first.opens))} -> ${ms(median(last.opens))}`,
      );
    }
  }
  report.finish();
}

if (process.argv.includes('--help')) {
  console.log(
    'npm run bench:scale (BENCH_SCALE_MAX, BENCH_ROUNDS, BENCH_DURATION, BENCH_CONNECTIONS, BENCH_POSTGRES=0, BENCH_SQLITE=0)',
  );
} else {
  await main();
}
