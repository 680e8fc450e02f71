// Which parts of the repository may import which, beyond the packages' own rules
// (packages.test.ts). The production backend (@encore-wallet/server) must not ship the dev
// catalog; lib/ runs in pages and the extension, so it imports neither the backend nor the dev
// catalog; the error base, the shared helpers and the backend contract are leaves every side can
// import without a circle.
import { describe, expect, it } from 'vitest';
import { type ImportEdge, importEdges, sourceFilesUnder } from './support/repo-imports.ts';

const edgesOf = (folder: string): ImportEdge[] => importEdges(sourceFilesUnder([folder]));

function into(edges: ImportEdge[], targets: string[]): string[] {
  return edges
    .filter(({ to }) => targets.some((t) => to === t || to.startsWith(`${t}/`)))
    .map(({ from, to }) => `${from} imports ${to}`);
}

describe('folder boundaries', () => {
  it('reads the imports it is meant to judge', () => {
    // The dev catalog's verify_token is built on the catalog client, and the server validates
    // with the contract: if the scan misses these, it misses everything and the rules below pass
    // for nothing.
    expect(into(edgesOf('dev-catalog'), ['@encore-wallet/catalog'])).toContain(
      'dev-catalog/api/verify-token.ts imports @encore-wallet/catalog',
    );
    expect(
      into(edgesOf('packages/server/src'), ['@encore-wallet/contract']).length,
    ).toBeGreaterThan(0);
  });

  it('the production backend never imports the dev catalog', () => {
    expect(into(edgesOf('packages/server/src'), ['dev-catalog'])).toEqual([]);
  });

  it('lib/ never imports the backend or the dev catalog', () => {
    expect(into(edgesOf('lib'), ['@encore-wallet/server', 'dev-catalog'])).toEqual([]);
  });

  it('each shared helper imports nothing of the repository but itself and the error base', () => {
    for (const helper of ['chain-rpc', 'encoding', 'env', 'errors', 'http', 'perf']) {
      const folder = `packages/utils/src/${helper}`;
      const outside = edgesOf(folder).filter(
        ({ to, relative }) =>
          relative && !to.startsWith(`${folder}/`) && to !== 'packages/utils/src/errors/index.ts',
      );
      expect(outside.map(({ from, to }) => `${from} imports ${to}`)).toEqual([]);
    }
    // The error base itself imports nothing at all.
    expect(edgesOf('packages/utils/src/errors').map(({ to }) => to)).toEqual([]);
  });

  it('the backend contract imports only the error base and zod', () => {
    const others = edgesOf('packages/contract/src').filter(
      ({ to, relative }) =>
        !relative && to !== '@encore-wallet/utils/errors' && to !== 'zod' && to !== 'zod/mini',
    );
    expect(others.map(({ from, to }) => `${from} imports ${to}`)).toEqual([]);
  });

  it("the backend client does not depend on the wallet core: BackendError is the contract's", () => {
    expect(into(edgesOf('packages/backend-client/src'), ['@encore-wallet/core'])).toEqual([]);
  });
});
