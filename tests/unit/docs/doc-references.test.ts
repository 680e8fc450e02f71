// The docs name commands, npm scripts, environment variables, constants and files; each of those
// must still exist in the code, or a reader follows a dead end. Read from README.md, CONTRIBUTING.md
// and docs/ (not the changelog: it is history, and names what was).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type DocReferences, documentedReferences } from './support/doc-references.ts';

const ROOT = resolve(import.meta.dirname, '..', '..', '..');

function docFiles(): string[] {
  const docs = readdirSync(join(ROOT, 'docs'), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.md'))
    .map((e) => relative(ROOT, join(e.parentPath, e.name)));
  const top = ['README.md', 'CONTRIBUTING.md'].filter((f) => existsSync(join(ROOT, f)));
  const packages = existsSync(join(ROOT, 'packages'))
    ? readdirSync(join(ROOT, 'packages'))
        .map((name) => `packages/${name}/README.md`)
        .filter((f) => existsSync(join(ROOT, f)))
    : [];
  return [...top, ...docs, ...packages];
}

/** Every source file's text, where names that docs mention must appear. */
function sourceText(): string {
  const skip = new Set(['node_modules', '.git', '.output', '.wxt', 'data', 'docs', 'test-results']);
  const texts: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (skip.has(entry.name) || entry.name.startsWith('.output')) continue;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (
        /\.(?:ts|tsx|mts|cts|js|mjs|cjs|sh|json|sol|html|css)$|^Makefile$/.test(entry.name)
      ) {
        if (statSync(path).size < 2_000_000) texts.push(readFileSync(path, 'utf8'));
      }
    }
  };
  walk(ROOT);
  return texts.join('\n');
}

function scriptsOf(packageJson: string): Set<string> {
  const { scripts } = JSON.parse(readFileSync(join(ROOT, packageJson), 'utf8')) as {
    scripts?: Record<string, string>;
  };
  return new Set(Object.keys(scripts ?? {}));
}

/** Names the docs quote from other tools (web-ext lint's warning codes, Node's error codes). */
const EXTERNAL_NAMES = new Set(['UNSAFE_VAR_ASSIGNMENT', 'DANGEROUS_EVAL', 'ERR_REQUIRE_ESM']);

/**
 * Whether a documented path exists. `*` and `<placeholder>` stand for any part of one name
 * (`tests/e2e/popup-*.spec.ts`, `migrations/v<N>-<what-it-does>.ts`): some file must match.
 */
function pathExists(written: string): boolean {
  if (!/[*<]/.test(written)) return existsSync(resolve(ROOT, written));
  const path = written.replace(/\/$/, '');
  const at = path.search(/[*<]/);
  const dir = path.slice(0, path.lastIndexOf('/', at) + 1);
  const pattern = new RegExp(
    `^${path
      .slice(dir.length)
      .split(/(\*|<[^>]*>)/)
      .map((part) =>
        part === '*' || part.startsWith('<') ? '[^/]*' : part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'),
      )
      .join('')}$`,
  );
  if (!existsSync(resolve(ROOT, dir))) return false;
  return readdirSync(resolve(ROOT, dir), { recursive: true, encoding: 'utf8' }).some((entry) =>
    pattern.test(entry),
  );
}

const files = docFiles();
const references: { file: string; refs: DocReferences }[] = files.map((file) => ({
  file,
  refs: documentedReferences(readFileSync(join(ROOT, file), 'utf8')),
}));

describe('what the docs name exists', () => {
  it('reads the docs it is meant to judge', () => {
    // If the scan finds nothing, every rule below passes for nothing.
    const all = (pick: (refs: DocReferences) => string[]): string[] =>
      references.flatMap(({ refs }) => pick(refs));
    expect(files).toContain('README.md');
    expect(all((r) => r.makeTargets)).toContain('test');
    expect(all((r) => r.npmScripts).length).toBeGreaterThan(3);
    expect(all((r) => r.names)).toContain('DATABASE_URL');
    expect(all((r) => r.paths)).toContain('scripts/start.sh');
    expect(all((r) => r.links.map((l) => l.target))).toContain('docs/threat-model.md');
  });

  it('every `npm run X` is a script of the package it runs in', () => {
    const root = scriptsOf('package.json');
    const missing = references.flatMap(({ file, refs }) => {
      // A package's README runs its own package's scripts.
      const own = file.startsWith('packages/')
        ? scriptsOf(join(dirname(file), 'package.json'))
        : root;
      return refs.npmScripts.filter((s) => !own.has(s)).map((s) => `${file}: npm run ${s}`);
    });
    expect(missing).toEqual([]);
  });

  it('every `make X` is a target of the Makefile', () => {
    const makefile = readFileSync(join(ROOT, 'Makefile'), 'utf8');
    const targets = new Set([...makefile.matchAll(/^([a-z][\w-]*):/gm)].map((m) => m[1]));
    const missing = references.flatMap(({ file, refs }) =>
      refs.makeTargets.filter((t) => !targets.has(t)).map((t) => `${file}: make ${t}`),
    );
    expect(missing).toEqual([]);
  });

  it('every environment variable and constant in code spans appears in the code', () => {
    const source = sourceText();
    const missing = references.flatMap(({ file, refs }) =>
      refs.names
        .filter((n) => !EXTERNAL_NAMES.has(n) && !new RegExp(`\\b${n}\\b`).test(source))
        .map((n) => `${file}: ${n}`),
    );
    expect(missing).toEqual([]);
  });

  it('every repository path in code spans exists', () => {
    const missing = references.flatMap(({ file, refs }) =>
      refs.paths.filter((p) => !pathExists(p)).map((p) => `${file}: ${p}`),
    );
    expect(missing).toEqual([]);
  });

  it('every relative link points at a file that exists, and at a heading it has', () => {
    const missing = references.flatMap(({ file, refs }) =>
      refs.links.flatMap(({ target, anchor }) => {
        const path = target === '' ? join(ROOT, file) : resolve(ROOT, dirname(file), target);
        if (!existsSync(path)) return [`${file}: ${target}`];
        if (!anchor || !path.endsWith('.md')) return [];
        const anchors = documentedReferences(readFileSync(path, 'utf8')).anchors;
        return anchors.includes(anchor) ? [] : [`${file}: ${target}#${anchor}`];
      }),
    );
    expect(missing).toEqual([]);
  });
});
