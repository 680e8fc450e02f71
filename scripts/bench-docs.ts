// `npm run bench:docs -- bench bench:calls …`: runs each named bench with `--markdown` and puts
// the table it prints into its marked section of docs/benchmarks.md. The environment passes
// through (BENCH_RUNS=5 npm run bench:docs -- bench:extension). Run it on an idle machine: the
// table records the load average it started at.

import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  BenchSectionError,
  BENCH_MARKERS as MARKERS,
  replaceSection,
} from './lib/bench-sections.ts';

const DOC = join(import.meta.dirname, '..', 'docs', 'benchmarks.md');

const scripts = process.argv.slice(2);
if (scripts.length === 0 || scripts.some((script) => !(script in MARKERS))) {
  console.error(`Name one or more of: ${Object.keys(MARKERS).join(', ')}`);
  process.exit(2);
}

let doc = readFileSync(DOC, 'utf8');
for (const script of scripts) {
  console.error(`Running npm run ${script} -- --markdown …`);
  const run = spawnSync('npm', ['run', '--silent', script, '--', '--markdown'], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    maxBuffer: 64 * 1024 * 1024,
  });
  if (run.status !== 0) {
    console.error(run.stdout);
    console.error(`npm run ${script} failed (exit ${run.status}); docs/benchmarks.md unchanged.`);
    process.exit(1);
  }
  try {
    doc = replaceSection(doc, MARKERS[script] ?? '', run.stdout);
  } catch (error) {
    if (!(error instanceof BenchSectionError)) throw error;
    console.error(`${script}: ${error.message}; docs/benchmarks.md unchanged.`);
    process.exit(1);
  }
}
writeFileSync(DOC, doc);
console.error(`docs/benchmarks.md: ${scripts.join(', ')} updated.`);
