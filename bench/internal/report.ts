// Every bench's figures as one Markdown table, printed after its plain output when it runs with
// `--markdown` (`npm run bench -- --markdown`), between markers that `npm run bench:docs` uses to
// replace that bench's section of docs/benchmarks.md. The table says which command made it and
// on what machine: date, CPU model and cores, the load average when it started, Node, commit.

import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cpus } from 'node:os';

export interface ReportRow {
  readonly figure: string;
  readonly value: string;
  readonly target: string;
}

export interface BenchReport {
  /** One line of the table (the plain output is the bench's own). */
  row(figure: string, value: string, target?: string): void;
  /** With `--markdown`, prints the section; otherwise nothing. */
  finish(): void;
}

/** Whether this bench run was asked for Markdown. */
export function wantsMarkdown(argv: readonly string[] = process.argv): boolean {
  return argv.includes('--markdown');
}

function loadAverage(): string {
  try {
    return readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  } catch {
    return 'unknown';
  }
}

function commit(): string {
  try {
    const sha = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], {
      encoding: 'utf8',
    }).trim();
    return dirty ? `${sha} with local changes` : sha;
  } catch {
    return 'unknown';
  }
}

/** The command as a person would type it again: the npm script and the BENCH_* variables set. */
export function commandLine(env: NodeJS.ProcessEnv = process.env): string {
  const script = env.npm_lifecycle_event ?? 'bench';
  const vars = Object.entries(env)
    .filter(([name, value]) => name.startsWith('BENCH_') && value !== undefined && value !== '')
    .map(([name, value]) => `${name}=${value}`)
    .sort();
  return [...vars, `npm run ${script}`].join(' ');
}

/** The Markdown section for bench `name` (the markers included). */
export function renderSection(
  name: string,
  rows: readonly ReportRow[],
  madeBy: {
    command: string;
    date: string;
    cpu: string;
    load: string;
    node: string;
    commit: string;
  },
): string {
  const withTargets = rows.some((row) => row.target !== '');
  const cell = (text: string): string => text.replaceAll('|', '\\|');
  const lines = [
    `<!-- bench:${name} -->`,
    `Made by \`${madeBy.command}\` on ${madeBy.date}: ${madeBy.cpu}, load average ${madeBy.load} at the start, Node ${madeBy.node}, commit ${madeBy.commit}.`,
    '',
    withTargets ? '| figure | value | target |' : '| figure | value |',
    withTargets ? '|---|---|---|' : '|---|---|',
    ...rows.map((row) =>
      withTargets
        ? `| ${cell(row.figure)} | ${cell(row.value)} | ${cell(row.target)} |`
        : `| ${cell(row.figure)} | ${cell(row.value)} |`,
    ),
    `<!-- /bench:${name} -->`,
  ];
  return lines.join('\n');
}

/** A report for bench `name` (the marker name in docs/benchmarks.md). Create it at the start. */
export function benchReport(name: string): BenchReport {
  const rows: ReportRow[] = [];
  const startLoad = loadAverage();
  return {
    row(figure, value, target = '') {
      rows.push({ figure, value, target });
    },
    finish() {
      if (!wantsMarkdown()) return;
      const cores = cpus();
      const section = renderSection(name, rows, {
        command: commandLine(),
        date: new Date().toISOString().slice(0, 10),
        cpu: `${cores[0]?.model.trim() ?? 'unknown CPU'} × ${cores.length}`,
        load: startLoad,
        node: process.version,
        commit: commit(),
      });
      console.log(`\n${section}`);
    },
  };
}
