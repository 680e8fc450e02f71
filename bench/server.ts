// `npm run bench:server`: GET /authentication throughput and p99 on SQLite, beside a bare Hono
// route and a bare node:http handler answering the same JSON; and POST /authentication storing new
// records, beside a bare Hono route that reads the same JSON body. Each server runs in its own
// child process; autocannon drives it from this one, on 127.0.0.1.
//   BENCH_DURATION (s per run, default 5), BENCH_ROUNDS (default 3), BENCH_CONNECTIONS (default 32)
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { startServer } from '../server/index.ts';
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
async function serveTarget(target: Target): Promise<void> {
  let url: string;
  if (target === 'encore') {
    const dir = mkdtempSync(join(tmpdir(), 'encore-bench-'));
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
    // The parent stops this child with SIGTERM; exit normally so the temp dir goes too.
    process.once('SIGTERM', () => process.exit(0));
    const server = await startServer({
      databaseUrl: `sqlite:${join(dir, 'bench.sqlite')}`,
      // Raised so every request is answered 200, but still counted: the limiter write is measured.
      rateLimit: {
        perAddress: 1e9,
        perLookupKey: 1e9,
        writesPerAddress: 1e9,
        writesPerLookupKey: 1e9,
      },
    });
    const records = [RECORD, ...MANY_KEYS.map((lookupKey) => ({ ...RECORD, lookupKey }))];
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

function startChild(target: Target): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', fileURLToPath(import.meta.url), '--serve', target],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  return new Promise((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      const match = /listening (\S+)/.exec(chunk.toString());
      if (match?.[1]) resolve({ child, url: match[1] });
    });
    child.once('exit', (code) => reject(new Error(`${target} server exited with ${code}`)));
  });
}

interface Figures {
  rps: number;
  p99: number;
  /** Server CPU time (user + system) per request, in µs: steadier than req/s on a busy machine. */
  cpuMicros: number;
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

interface Run {
  label: string;
  server: number;
  /** GET of one lookupKey (default), GET cycling through 256 keys, or POST of new records. */
  requests?: 'many' | 'post';
  /** The RUNS index this one is compared with, and the target for that ratio if there is one. */
  versus?: { run: number; target?: string };
}

const RUNS: Run[] = [
  { label: 'bare node:http handler', server: 0 },
  { label: 'bare Hono route (@hono/node-server)', server: 1 },
  { label: 'Encore GET /authentication, one key', server: 2, versus: { run: 1, target: '≥ 70%' } },
  {
    label: 'Encore GET /authentication, 256 keys',
    server: 2,
    requests: 'many',
    versus: { run: 1, target: '≥ 70%' },
  },
  { label: 'bare Hono POST route (reads the JSON)', server: 1, requests: 'post' },
  {
    label: 'Encore POST /authentication, new records',
    server: 2,
    requests: 'post',
    versus: { run: 4 },
  },
];

async function run(
  server: { child: ChildProcess; url: string },
  connections: number,
  duration: number,
  requests?: Run['requests'],
): Promise<Figures> {
  const cpuBefore = cpuSeconds(server.child.pid);
  const result = await autocannon({
    url: `${server.url}${PATH}`,
    connections,
    duration,
    requests:
      requests === 'many'
        ? MANY_KEYS.map((key) => ({ method: 'GET', path: `/authentication?lookupKey=${key}` }))
        : requests === 'post'
          ? [POST_REQUEST]
          : undefined,
  });
  const cpu = cpuSeconds(server.child.pid) - cpuBefore;
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${server.url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  }
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    cpuMicros: (cpu * 1e6) / result.requests.total,
  };
}

const pct = (x: number): string => `${(x * 100).toFixed(1)}%`;

async function main(): Promise<void> {
  const duration = benchInteger('BENCH_DURATION', 5);
  const rounds = benchInteger('BENCH_ROUNDS', 3);
  const connections = benchInteger('BENCH_CONNECTIONS', 32);
  const report = benchReport('server');
  console.log(
    `GET /authentication?lookupKey=… and POST /authentication  ${connections} connections, ${rounds} interleaved rounds of ${duration} s per run`,
  );
  const servers = await Promise.all((['node', 'hono', 'encore'] as const).map(startChild));
  const figures: Figures[][] = RUNS.map(() => []);
  try {
    for (const server of servers) await run(server, connections, 2); // warm-up
    // Interleaved, so a neighbour's load on a shared machine hits every run alike.
    for (let round = 0; round < rounds; round++) {
      for (const [i, r] of RUNS.entries()) {
        figures[i]?.push(await run(servers[r.server]!, connections, duration, r.requests));
      }
    }
  } finally {
    for (const { child } of servers) child.kill('SIGTERM');
  }
  for (const [i, r] of RUNS.entries()) {
    const f = figures[i] ?? [];
    const rps = median(f.map((x) => x.rps));
    const all = f.map((x) => x.rps.toFixed(0)).join(', ');
    console.log(
      `${r.label.padEnd(38)} median ${rps.toFixed(0).padStart(6)} req/s  p99 ${median(f.map((x) => x.p99))} ms  ${median(f.map((x) => x.cpuMicros)).toFixed(0)} µs CPU/req   (rounds: ${all})`,
    );
    report.row(
      r.label.trim(),
      `${rps.toFixed(0)} req/s, p99 ${median(f.map((x) => x.p99))} ms, ${median(f.map((x) => x.cpuMicros)).toFixed(0)} µs CPU/req`,
    );
  }
  for (const [i, r] of RUNS.entries()) {
    if (!r.versus) continue;
    const encore = figures[i] ?? [];
    const bare = figures[r.versus.run] ?? [];
    const ratios = encore.map((f, round) => f.rps / (bare[round]?.rps ?? Number.NaN));
    // The same ratio from server CPU per request: what req/s would show on an idle machine.
    const cpuRatio = median(bare.map((f) => f.cpuMicros)) / median(encore.map((f) => f.cpuMicros));
    const target = r.versus.target ? `   (target ${r.versus.target})` : '';
    console.log(
      `${r.label} / ${RUNS[r.versus.run]?.label}: req/s median ${pct(median(ratios))} (rounds: ${ratios.map(pct).join(', ')}), by CPU per request ${pct(cpuRatio)}${target}`,
    );
    report.row(
      `${r.label.trim()} / ${RUNS[r.versus.run]?.label.trim()}`,
      `**${pct(median(ratios))}** of req/s (${pct(cpuRatio)} by CPU per request)`,
      r.versus.target ?? '',
    );
  }
  const hono = figures[1] ?? [];
  const node = figures[0] ?? [];
  const honoShare = hono.map((f, round) => f.rps / (node[round]?.rps ?? Number.NaN));
  console.log(`bare Hono / bare node:http: req/s median ${pct(median(honoShare))}`);
  report.row('bare Hono / bare `node:http`', `${pct(median(honoShare))} of req/s`);
  report.row('load', `${connections} connections, ${rounds} interleaved rounds of ${duration} s`);
  report.finish();
}

const serveIndex = process.argv.indexOf('--serve');
if (serveIndex !== -1) await serveTarget(process.argv[serveIndex + 1] as Target);
else await main();
