// `npm run bench:key-holder`: the key holder's figures.
// 1. Evaluations per second on one core: the POPRF evaluation with its DLEQ proof alone, in this
//    process (@noble/curves), one after the other.
// 2. The service under load: one `encore-key-holder` process (SQLite counters, limits out of the
//    way) and BENCH_CLIENTS (default 50) clients in this process, each sending its next
//    evaluation as soon as its last is answered, for BENCH_DURATION seconds (default 20), each
//    request for another account: evaluations per second and latency percentiles.
// 3. Bytes kept per account: BENCH_ACCOUNTS (default 20 000) accounts' counters spent into a
//    fresh SQLite file, the file's pages after a VACUUM divided by the accounts; then the same
//    accounts marked hardened, and the pages that added.
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bytesToHex } from '@encore-wallet/utils/encoding';
import { ristretto255_oprf } from '@noble/curves/ed25519.js';
import Database from 'better-sqlite3';
import { benchInteger } from '../../../bench/internal/env-integer.ts';
import { benchReport } from '../../../bench/internal/report.ts';
import { DEFAULT_GUESS_LIMITS, newSecretKey } from '../src/index.ts';
import { openSqliteCounterStore } from '../src/store/sqlite-counter-store.ts';

const evaluations = benchInteger('BENCH_EVALUATIONS', 400);
const clients = benchInteger('BENCH_CLIENTS', 50);
const durationMs = benchInteger('BENCH_DURATION', 20) * 1000;
const accounts = benchInteger('BENCH_ACCOUNTS', 20_000);
const report = benchReport('key-holder');
const ROOT = new URL('../../../', import.meta.url).pathname;

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return (
    sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN
  );
}

function accountOf(i: number): Uint8Array {
  const bytes = new Uint8Array(32);
  new DataView(bytes.buffer).setUint32(0, i);
  bytes[31] = 0x5a;
  return bytes;
}

// 1. One core, the cryptography alone.
const secretKey = ristretto255_oprf.oprf.generateKeyPair().secretKey;
const blinds = Array.from({ length: 16 }, (_, i) =>
  ristretto255_oprf
    .poprf(accountOf(i))
    .blind(new Uint8Array([i]), ristretto255_oprf.oprf.generateKeyPair().publicKey),
);
for (let i = 0; i < 20; i++)
  ristretto255_oprf
    .poprf(accountOf(i))
    .blindEvaluate(secretKey, blinds[i % 16]?.blinded ?? new Uint8Array());
const started = performance.now();
for (let i = 0; i < evaluations; i++) {
  ristretto255_oprf
    .poprf(accountOf(i))
    .blindEvaluate(secretKey, blinds[i % 16]?.blinded ?? new Uint8Array());
}
const perEvaluation = (performance.now() - started) / evaluations;
console.log(
  `evaluation with its proof, one core: ${perEvaluation.toFixed(2)} ms, ${(1000 / perEvaluation).toFixed(0)}/s (${evaluations} runs)`,
);
report.row(
  'POPRF evaluation + DLEQ proof, one core (in process)',
  `${(1000 / perEvaluation).toFixed(0)}/s (${perEvaluation.toFixed(2)} ms each)`,
);

// 2. The service under load.
interface Spawned {
  url: string;
  child: ChildProcess;
}

async function spawnKeyHolder(env: Record<string, string>): Promise<Spawned> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'packages/key-holder/src/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, KEY_HOLDER_PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  return new Promise((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /encore key holder on (http:\/\/[\d.:]+)/.exec(output);
      if (match?.[1]) resolve({ url: match[1], child });
    });
    child.once('exit', (code) => reject(new Error(`key holder exited (${code}): ${output}`)));
  });
}

const dir = mkdtempSync(join(tmpdir(), 'encore-key-holder-bench-'));
const keys = JSON.stringify({
  current: 'bench',
  keys: [{ id: 'bench', secretKey: newSecretKey() }],
});
const holder = await spawnKeyHolder({
  KEY_HOLDER_KEYS: keys,
  KEY_HOLDER_DATABASE_URL: `sqlite:${join(dir, 'load.sqlite')}`,
  KEY_HOLDER_PER_ACCOUNT: '1000000',
  KEY_HOLDER_PER_ADDRESS: '1000000',
});
try {
  const bodies = blinds.map((b, i) =>
    JSON.stringify({ keyId: 'bench', account: '', blinded: bytesToHex(b.blinded), i }),
  );
  const latencies: number[] = [];
  let failures = 0;
  let next = 0;
  const deadline = performance.now() + durationMs;
  const loadStarted = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < deadline) {
        const n = next++;
        const body = (bodies[n % bodies.length] ?? '')
          .replace('"account":""', `"account":"${bytesToHex(accountOf(n))}"`)
          .replace(/,"i":\d+/, '');
        const sent = performance.now();
        const response = await fetch(`${holder.url}/evaluate`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body,
        });
        await response.arrayBuffer();
        if (response.status === 200) latencies.push(performance.now() - sent);
        else failures++;
      }
    }),
  );
  const seconds = (performance.now() - loadStarted) / 1000;
  latencies.sort((a, b) => a - b);
  const rate = latencies.length / seconds;
  const p50 = percentile(latencies, 50);
  const p99 = percentile(latencies, 99);
  console.log(
    `service, ${clients} concurrent clients, ${seconds.toFixed(1)} s: ${rate.toFixed(0)} evaluations/s, p50 ${p50.toFixed(0)} ms, p99 ${p99.toFixed(0)} ms, ${failures} failed`,
  );
  report.row(
    `service: evaluations/s under ${clients} concurrent clients (one process)`,
    `${rate.toFixed(0)}/s`,
  );
  report.row(
    `service: p99 latency under ${clients} concurrent clients`,
    `${p99.toFixed(0)} ms (p50 ${p50.toFixed(0)} ms)`,
  );
  report.row('service: failed requests', String(failures), '0');
} finally {
  holder.child.kill('SIGTERM');
  await once(holder.child, 'exit');
}

// 3. Bytes kept per account.
const path = join(dir, 'accounts.sqlite');
const store = openSqliteCounterStore(path);
const now = Date.now();
for (let i = 0; i < accounts; i++) {
  await store.spend(
    [{ bucket: `a:${bytesToHex(accountOf(i)).slice(0, 32)}`, limit: 10 }],
    now,
    DEFAULT_GUESS_LIMITS,
  );
}
await store.close();
// The same schema, empty: what the file costs before any account.
await openSqliteCounterStore(join(dir, 'empty.sqlite')).close();
const empty = new Database(join(dir, 'empty.sqlite'));
const pages = (d: Database.Database): number => {
  d.pragma('wal_checkpoint(TRUNCATE)');
  d.exec('VACUUM');
  return (
    Number(d.pragma('page_count', { simple: true })) *
    Number(d.pragma('page_size', { simple: true }))
  );
};
const emptyBytes = pages(empty);
empty.close();
let db = new Database(path);
const countersBytes = pages(db);
db.close();
const perAccount = (countersBytes - emptyBytes) / accounts;
// Then each account marked hardened: the one row a hardened account keeps for good.
const marked = openSqliteCounterStore(path);
for (let i = 0; i < accounts; i++) await marked.mark(bytesToHex(accountOf(i)), '2026-11');
await marked.close();
db = new Database(path);
const perMark = (pages(db) - countersBytes) / accounts;
db.close();
rmSync(dir, { recursive: true, force: true });
console.log(`bytes kept per account (SQLite, ${accounts} accounts): ${perAccount.toFixed(1)}`);
console.log(`bytes kept per hardened account's mark: ${perMark.toFixed(1)}`);
report.row(
  `bytes kept per account (SQLite file, ${accounts} accounts)`,
  `${perAccount.toFixed(1)} B`,
);
report.row(
  `bytes kept per hardened account's mark (SQLite file, ${accounts} accounts)`,
  `${perMark.toFixed(1)} B`,
);
report.finish();
