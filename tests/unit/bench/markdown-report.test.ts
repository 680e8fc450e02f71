// Benches print their figures as Markdown with --markdown, and `npm run bench:docs` puts each
// table into its marked section of docs/benchmarks.md without touching the prose around it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { commandLine, renderSection, wantsMarkdown } from '../../../bench/internal/report.ts';
import {
  BENCH_MARKERS,
  BenchSectionError,
  findSection,
  replaceSection,
} from '../../../scripts/lib/bench-sections.ts';

const ROOT = join(import.meta.dirname, '..', '..', '..');
const madeBy = {
  command: 'BENCH_RUNS=5 npm run bench',
  date: '2026-11-24',
  cpu: 'Some CPU × 2',
  load: '0.10 0.20 0.30',
  node: 'v20.20.0',
  commit: 'abc1234',
};

describe('a bench report as Markdown', () => {
  it('names the command and the machine, and escapes the cells', () => {
    const section = renderSection(
      'wallet',
      [
        { figure: 'login / floor', value: '**0.98x**', target: '≤ 1.15x' },
        { figure: 'a | b', value: '1', target: '' },
      ],
      madeBy,
    );
    expect(section.split('\n')).toEqual([
      '<!-- bench:wallet -->',
      'Made by `BENCH_RUNS=5 npm run bench` on 2026-11-24: Some CPU × 2, load average 0.10 0.20 0.30 at the start, Node v20.20.0, commit abc1234.',
      '',
      '| figure | value | target |',
      '|---|---|---|',
      '| login / floor | **0.98x** | ≤ 1.15x |',
      '| a \\| b | 1 |  |',
      '<!-- /bench:wallet -->',
    ]);
    expect(renderSection('calls', [{ figure: 'gas', value: '1', target: '' }], madeBy)).toContain(
      '| figure | value |\n|---|---|\n| gas | 1 |',
    );
  });

  it('spells the command as typed again: the BENCH_* variables and the npm script', () => {
    expect(
      commandLine({ npm_lifecycle_event: 'bench:extension', BENCH_RUNS: '5', HOME: '/root' }),
    ).toBe('BENCH_RUNS=5 npm run bench:extension');
    expect(wantsMarkdown(['node', 'bench.ts', '--markdown'])).toBe(true);
    expect(wantsMarkdown(['node', 'bench.ts'])).toBe(false);
  });
});

describe('bench sections of docs/benchmarks.md', () => {
  const doc = 'Intro\n<!-- bench:wallet -->\nold\n<!-- /bench:wallet -->\nProse stays.\n';
  const output = 'plain lines\n\n<!-- bench:wallet -->\nnew\n<!-- /bench:wallet -->\n';

  it('replaces only the section, and running it twice changes nothing more', () => {
    const once = replaceSection(doc, 'wallet', output);
    expect(once).toBe('Intro\n<!-- bench:wallet -->\nnew\n<!-- /bench:wallet -->\nProse stays.\n');
    expect(replaceSection(once, 'wallet', output)).toBe(once);
  });

  it('refuses a missing marker, a missing end, or a marker twice', () => {
    expect(() => replaceSection(doc, 'server', output)).toThrow(BenchSectionError);
    expect(() => findSection('<!-- bench:wallet -->\nno end', 'wallet')).toThrow(/no ".*" after/);
    expect(() => replaceSection(doc, 'wallet', 'no markdown in the output')).toThrow(
      /no "<!-- bench:wallet -->" marker/,
    );
    expect(() => findSection(`${doc}${doc}`, 'wallet')).toThrow(/more than once/);
  });

  it('every bench script writes its marked table, and the page has a section for each', () => {
    const scripts = (
      JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
        scripts: Record<string, string>;
      }
    ).scripts;
    const page = readFileSync(join(ROOT, 'docs', 'benchmarks.md'), 'utf8');
    for (const [script, marker] of Object.entries(BENCH_MARKERS)) {
      const file = /tsx ((?:packages\/[\w-]+\/)?bench\/[\w-]+\.ts)/.exec(
        scripts[script] ?? '',
      )?.[1];
      expect(file, script).toBeDefined();
      const source = readFileSync(join(ROOT, file ?? ''), 'utf8');
      expect(source, file).toContain(`benchReport('${marker}')`);
      expect(source, file).toMatch(/report\.finish\(\)/);
      expect(() => findSection(page, marker), marker).not.toThrow();
    }
  });
});
