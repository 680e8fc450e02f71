// Which top-level folders may import which. The production backend (server/) must not ship the
// dev catalog (dev-catalog/); lib/ runs in pages and the extension, so it imports neither; the
// backend contract and the shared helpers are leaves every side can import without a circle.
// Imports are read with TypeScript's own pre-processor (static, `export … from`, `import type`,
// dynamic `import()`), resolved to repo-relative paths.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..', '..', '..');

/** `server/app.ts imports lib/backend-contract/index.ts`, for every relative import below `folder`. */
function importsFrom(folder: string): { from: string; to: string }[] {
  const entries = readdirSync(join(ROOT, folder), { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile() && /\.(?:ts|tsx|mts|js|mjs)$/.test(e.name))
    .map((e) => relative(ROOT, join(e.parentPath, e.name)))
    .flatMap((from) =>
      ts
        .preProcessFile(readFileSync(join(ROOT, from), 'utf8'), true, true)
        .importedFiles.filter((f) => f.fileName.startsWith('.'))
        .map((f) => ({ from, to: relative(ROOT, resolve(ROOT, dirname(from), f.fileName)) })),
    );
}

function into(imports: { from: string; to: string }[], folders: string[]): string[] {
  return imports
    .filter(({ to }) => folders.some((f) => to === f || to.startsWith(`${f}/`)))
    .map(({ from, to }) => `${from} imports ${to}`);
}

describe('folder boundaries', () => {
  it('reads the imports it is meant to judge', () => {
    // The dev catalog's verify_token is built on the catalog client, and the server validates
    // with the contract: if the scan misses these, it misses everything and the rules below pass
    // for nothing.
    expect(into(importsFrom('dev-catalog'), ['lib/catalog'])).toContain(
      'dev-catalog/api/verify-token.ts imports lib/catalog/index.ts',
    );
    expect(into(importsFrom('server'), ['lib/backend-contract']).length).toBeGreaterThan(0);
  });

  it('the production backend (server/) never imports the dev catalog', () => {
    expect(into(importsFrom('server'), ['dev-catalog'])).toEqual([]);
  });

  it('lib/ never imports the backend or the dev catalog', () => {
    expect(into(importsFrom('lib'), ['server', 'dev-catalog'])).toEqual([]);
  });

  it('the backend contract and the shared helpers import nothing else of the repository but the error base', () => {
    for (const leaf of [
      'lib/backend-contract',
      'lib/chain-rpc',
      'lib/encoding',
      'lib/errors',
      'lib/http',
      'lib/env',
      'lib/guards',
      'lib/perf',
    ]) {
      const outside = importsFrom(leaf).filter(
        ({ to }) => !to.startsWith(`${leaf}/`) && to !== 'lib/errors/index.ts',
      );
      expect(outside.map(({ from, to }) => `${from} imports ${to}`)).toEqual([]);
    }
    // The error base itself imports nothing at all.
    expect(importsFrom('lib/errors').filter(({ to }) => !to.startsWith('lib/errors/'))).toEqual([]);
  });

  it("the backend client does not depend on the wallet core: BackendError is the contract's", () => {
    expect(into(importsFrom('lib/backend'), ['lib/hedgehog'])).toEqual([]);
  });
});
