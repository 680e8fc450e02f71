// Which folders may import which. The production backend (server/) must not ship the dev
// catalog (dev-catalog/), and lib/ runs in pages and the extension, so it imports neither.
import { describe, expect, it } from 'vitest';
import { importsOf, type ModuleImport, sourceFilesUnder } from './support/import-graph.ts';

function importsFrom(folder: string): ModuleImport[] {
  return sourceFilesUnder(folder).flatMap(importsOf);
}

function into(imports: ModuleImport[], folders: string[]): string[] {
  return imports
    .filter((i) => folders.some((f) => i.target === f || i.target.startsWith(`${f}/`)))
    .map((i) => `${i.from} imports ${i.target}`);
}

describe('import graph', () => {
  it('reads the imports it is meant to judge', () => {
    // The dev catalog's verify_token is built on the catalog client: if the scan misses this,
    // it misses everything and the rules below pass for nothing.
    expect(into(importsFrom('dev-catalog'), ['lib/catalog'])).toContain(
      'dev-catalog/api/verify-token.ts imports lib/catalog/index.ts',
    );
    expect(into(importsFrom('server'), ['lib/backend']).length).toBeGreaterThan(0);
  });

  it('the production backend (server/) never imports the dev catalog', () => {
    expect(into(importsFrom('server'), ['dev-catalog'])).toEqual([]);
  });

  it('lib/ never imports the backend or the dev catalog', () => {
    expect(into(importsFrom('lib'), ['server', 'dev-catalog'])).toEqual([]);
  });

  it('the libraries that run everywhere never import extension code', () => {
    const portable = ['lib/hedgehog', 'lib/catalog', 'lib/backend', 'lib/encoding', 'lib/http'];
    expect(into(portable.flatMap(importsFrom), ['lib/extension', 'entrypoints'])).toEqual([]);
  });

  it('the shared helpers (lib/encoding, lib/http, lib/env) import nothing else of the repository', () => {
    for (const helper of ['lib/encoding', 'lib/http', 'lib/env']) {
      const outside = importsFrom(helper).filter((i) => !i.target.startsWith(`${helper}/`));
      expect(outside.map((i) => `${i.from} imports ${i.target}`)).toEqual([]);
    }
  });
});
