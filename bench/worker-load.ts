// What the extension's worker bundle does when it loads, the part of "popup open with the worker
// stopped" that is the bundle's own: the built background.js evaluated in a fresh Node process
// each time (V8, as in Chromium), with a do-nothing extension API. Prints the median load time
// and the zod schemas made at load; with BENCH_BASELINE=<path to another background.js>, the
// same for it, taken in turn with this build's, and the ratio. The bundle is built first
// (production build, into a temp folder).
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

interface Load {
  ms: number;
  schemas: number;
  bytes: number;
}

/** One fresh process evaluating `bundle`. */
function evaluateOnce(bundle: string): { ms: number; schemas: number } {
  const out = execFileSync(process.execPath, [evaluator, bundle], { encoding: 'utf8' });
  return JSON.parse(out) as { ms: number; schemas: number };
}

/**
 * RUNS fresh processes for each bundle, taken in turn (this one, the other, this one…), so a
 * neighbour's load changing during the run weighs on both alike.
 */
function measure(bundles: string[]): Load[] {
  const times = bundles.map((): number[] => []);
  const schemas = bundles.map(() => 0);
  for (let i = 0; i < RUNS; i++) {
    bundles.forEach((bundle, b) => {
      const result = evaluateOnce(bundle);
      times[b]!.push(result.ms);
      schemas[b] = result.schemas;
    });
  }
  return bundles.map((bundle, b) => ({
    ms: median(times[b]!),
    schemas: schemas[b]!,
    bytes: statSync(bundle).size,
  }));
}

const outDir = mkdtempSync(join(tmpdir(), 'encore-worker-load-'));
try {
  execFileSync('npx', ['wxt', 'build'], {
    cwd: root,
    env: { ...process.env, ENCORE_OUT_DIR: outDir },
    stdio: 'ignore',
  });
  const bundle = join(outDir, 'chrome-mv3', 'background.js');
  const baselinePath = process.env.BENCH_BASELINE;
  const [now, before] = measure(baselinePath ? [bundle, baselinePath] : [bundle]) as [
    Load,
    Load | undefined,
  ];
  const report = benchReport('worker-load');
  const ms = (x: number) => `${x.toFixed(1)} ms`;
  console.log(`worker bundle load, median of ${RUNS} fresh processes`);
  console.log(
    `  this build: ${ms(now.ms)}, ${now.schemas} zod schemas made at load, ${now.bytes.toLocaleString('en')} bytes`,
  );
  report.row('worker bundle load (Node vm, fresh process)', ms(now.ms));
  report.row('zod schemas made at load', String(now.schemas));
  report.row('bundle size', `${now.bytes.toLocaleString('en')} bytes`);
  if (before) {
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
