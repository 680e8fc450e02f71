// What the extension's worker bundle does when it loads, the part of "popup open with the worker
// stopped" that is the bundle's own: the built background.js evaluated in a fresh Node process
// each time (V8, as in Chromium), with a do-nothing extension API. Prints the median load time
// and the zod schemas made at load; with BENCH_BASELINE=<path to another background.js>, the
// same for it, and the ratio. The bundle is built first (production build, into a temp folder).
// Run: npm run bench:worker-load   (BENCH_RUNS=N, default 15)
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { benchInteger } from './internal/env-integer.ts';
import { median } from './internal/median.ts';
import { benchReport } from './internal/report.ts';

const RUNS = benchInteger('BENCH_RUNS', 15);
const root = resolve(import.meta.dirname, '..');
const evaluator = join(root, 'bench', 'internal', 'evaluate-bundle.mjs');

function measure(bundle: string): { ms: number; schemas: number; bytes: number } {
  const times: number[] = [];
  let schemas = 0;
  for (let i = 0; i < RUNS; i++) {
    const out = execFileSync(process.execPath, [evaluator, bundle], { encoding: 'utf8' });
    const result = JSON.parse(out) as { ms: number; schemas: number };
    times.push(result.ms);
    schemas = result.schemas;
  }
  return { ms: median(times), schemas, bytes: statSync(bundle).size };
}

const outDir = mkdtempSync(join(tmpdir(), 'encore-worker-load-'));
try {
  execFileSync('npx', ['wxt', 'build'], {
    cwd: root,
    env: { ...process.env, ENCORE_OUT_DIR: outDir },
    stdio: 'ignore',
  });
  const bundle = join(outDir, 'chrome-mv3', 'background.js');
  const now = measure(bundle);
  const report = benchReport('worker-load');
  const ms = (x: number) => `${x.toFixed(1)} ms`;
  console.log(`worker bundle load, median of ${RUNS} fresh processes`);
  console.log(
    `  this build: ${ms(now.ms)}, ${now.schemas} zod schemas made at load, ${now.bytes.toLocaleString('en')} bytes`,
  );
  report.row('worker bundle load (Node vm, fresh process)', ms(now.ms));
  report.row('zod schemas made at load', String(now.schemas));
  report.row('bundle size', `${now.bytes.toLocaleString('en')} bytes`);
  const baselinePath = process.env.BENCH_BASELINE;
  if (baselinePath) {
    const before = measure(baselinePath);
    const ratio = now.ms / before.ms;
    console.log(
      `  baseline:   ${ms(before.ms)}, ${before.schemas} zod schemas, ${before.bytes.toLocaleString('en')} bytes`,
    );
    console.log(`  this build / baseline: ${ratio.toFixed(2)}x (goal <= 0.5x)`);
    report.row('baseline bundle load', `${ms(before.ms)}, ${before.schemas} zod schemas`);
    report.row('this build / baseline', `**${ratio.toFixed(2)}x**`, '≤ 0.5x');
  }
  report.row('rounds (median of)', String(RUNS));
  report.finish();
} finally {
  rmSync(outDir, { recursive: true, force: true });
}
