// The docs that tell a newcomer what `make start` and `make test` do must agree with what they do:
// the service tables with the table `make start` prints (read from scripts/start.sh), the suites
// with the Makefile and the package scripts, the time `make test` takes with the one measured
// figure, and the walk's buttons with the labels the pages show.
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startSummary } from './support/start-summary.ts';

const ROOT = resolve(import.meta.dirname, '..', '..', '..');
const read = (path: string): string => readFileSync(join(ROOT, path), 'utf8');

/** The rows of the first `| what | where |` table after `intro` in `file`. */
function serviceTable(file: string, intro: string): { what: string; where: string }[] {
  const text = read(file);
  const at = text.indexOf(intro);
  if (at < 0) throw new Error(`${file} no longer says "${intro}"`);
  const table = /\| what \| where \|\n\|---\|---\|\n((?:\|.*\|\n)+)/.exec(text.slice(at));
  if (!table?.[1]) throw new Error(`${file}: no what/where table after "${intro}"`);
  return table[1]
    .trim()
    .split('\n')
    .map((line) => {
      const [what = '', where = ''] = line.slice(1, -1).split(' | ');
      return { what: what.trim(), where: where.trim() };
    });
}

const TABLES = [
  { file: 'README.md', intro: '`make start` runs, on 127.0.0.1:' },
  { file: 'docs/running.md', intro: '`make start` prints what runs where' },
];

describe("the docs' make start tables", () => {
  const printed = startSummary(ROOT);

  it('reads the table the script prints', () => {
    expect(printed.map((row) => row.name)).toEqual(
      expect.arrayContaining(['wallet backend', 'local chain', 'bundler', 'paymaster']),
    );
  });

  for (const { file, intro } of TABLES) {
    it(`${file} lists every service make start prints, in its order, where it is`, () => {
      const rows = serviceTable(file, intro);
      // A row starts with the name the script prints; what follows in parentheses is detail.
      expect(rows.map((row) => row.what.replace(/ \(.*$/, ''))).toEqual(
        printed.map((row) => row.name),
      );
      for (const [index, row] of printed.entries()) {
        if (row.where) expect(rows[index]?.where, row.name).toContain(`\`${row.where}\``);
      }
    });
  }
});

/** Every Markdown file a newcomer reads about running and testing. */
function docs(): string[] {
  const inDocs = readdirSync(join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`);
  return ['README.md', 'CONTRIBUTING.md', ...inDocs];
}

describe('what the docs say of make test', () => {
  it('every doc that says how long make test takes says the one measured figure', () => {
    const claims = docs().flatMap((file) =>
      [
        ...read(file)
          .replace(/\s+/g, ' ')
          .matchAll(/`make test`[^.]*? takes about (\d+) minutes/g),
      ].map((match) => ({ file, minutes: Number(match[1]) })),
    );
    const measured = claims.find((claim) => claim.file === 'docs/running.md');
    expect(measured, 'docs/running.md states the figure').toBeDefined();
    expect(claims.map((claim) => claim.file)).toEqual(
      expect.arrayContaining(['README.md', 'CONTRIBUTING.md']),
    );
    expect(claims.filter((claim) => claim.minutes !== measured?.minutes)).toEqual([]);
  });

  it("every suite make test runs is a package script, and CONTRIBUTING's table shows how to run it", () => {
    const makefile = read('Makefile');
    const suites = (/^test: (.*)$/m.exec(makefile)?.[1] ?? '')
      .split(' ')
      .filter((t) => t !== 'deps');
    expect(suites.length).toBeGreaterThan(3);
    const { scripts } = JSON.parse(read('package.json')) as { scripts: Record<string, string> };
    const contributing = read('CONTRIBUTING.md');
    for (const suite of suites) {
      const recipe = new RegExp(`^${suite}: deps\\n\\tnpm run (\\S+)$`, 'm').exec(makefile);
      expect(recipe, `make ${suite} runs an npm script`).not.toBeNull();
      const script = recipe?.[1] ?? '';
      expect(Object.keys(scripts), `make ${suite}`).toContain(script);
      expect(contributing, `CONTRIBUTING.md shows npm run ${script}`).toContain(
        `\`npm run ${script}\``,
      );
    }
  });
});

/** The labels people press: the demo site's buttons and the popup's and the windows' buttons. */
function labelsShown(): string[] {
  const html = read('demo/site/index.html');
  const demoButtons = [...html.matchAll(/<button[^>]*>([\s\S]*?)<\/button>/g)].map((m) =>
    (m[1] ?? '')
      .replace(/^[^\p{L}]+/u, '')
      .replace(/\s+/g, ' ')
      .trim(),
  );
  // The wallet list's button, made by the demo's script: Connect, then Connected.
  const demoScript = read('demo/site/app.ts');
  const scripted = [...demoScript.matchAll(/connected \? '([^']+)' : '([^']+)'/g)].flatMap((m) => [
    m[1] ?? '',
    m[2] ?? '',
  ]);
  const pages = readdirSync(join(ROOT, 'entrypoints'), { recursive: true, encoding: 'utf8' })
    .filter((path) => path.endsWith('.tsx'))
    .flatMap((path) =>
      [...read(`entrypoints/${path}`).matchAll(/>\s*([^<>{}]+?)\s*<\/button>/g)].map((m) =>
        (m[1] ?? '').replace(/\s+/g, ' '),
      ),
    );
  return [...demoButtons, ...scripted, ...pages];
}

/** The **bold** words of the part of `file` from `start` to the next blank line after `end`. */
function boldIn(file: string, start: string, end: string): string[] {
  const text = read(file);
  const from = text.indexOf(start);
  const to = text.indexOf('\n\n', text.indexOf(end, from));
  if (from < 0 || to < 0) throw new Error(`${file}: the walk from "${start}" is not there`);
  return [...text.slice(from, to).matchAll(/\*\*([^*]+)\*\*/g)].map((m) =>
    (m[1] ?? '').replace(/\s+/g, ' '),
  );
}

describe("the walk's buttons", () => {
  const shown = labelsShown();

  it.each([
    ['README.md', 'Then, as a listener:', 'see the same'],
    ['docs/running.md', '## A first tour, as a listener', 'the relayer**'],
  ])('%s names each button by the label the page shows', (file, start, end) => {
    const named = boldIn(file, start, end);
    expect(named).toEqual(expect.arrayContaining(['Connect', 'Sign in with Ethereum']));
    expect(named.filter((label) => !shown.includes(label))).toEqual([]);
  });
});
