// The packages under packages/ and the way code reaches them. A package's code is its src/. The
// apps (entrypoints/, lib/, demo/, dev-catalog/, chain/), the scripts, benches and tests import a
// package only by its name, through the `exports` of its package.json, never by a path into its
// files. A package's sources import only their own files, Node's modules and the dependencies
// their package.json declares (sibling packages by name); its tests and benches may also use the
// repository's shared test support, never another package's files.

import { builtinModules } from 'node:module';
import { describe, expect, it } from 'vitest';
import {
  type ImportEdge,
  importEdges,
  packageNameOf,
  type RepoPackage,
  repoPackages,
  sourceFilesUnder,
} from './support/repo-imports.ts';

const packages = repoPackages();
const byName = new Map(packages.map((p) => [p.name, p]));
const edges = importEdges(
  sourceFilesUnder(['entrypoints', 'lib', 'demo', 'dev-catalog', 'chain', 'scripts', 'bench'])
    .concat(sourceFilesUnder(['tests', 'packages']))
    .concat(['wxt.config.ts', 'vitest.config.ts', 'playwright.config.ts']),
);
const NODE_MODULES = new Set(builtinModules);

/** The package whose folder holds `path` (`packages/core/test/x.ts` → core), or null. */
const packageOfPath = (path: string): RepoPackage | null =>
  packages.find((p) => path.startsWith(`${p.folder}/`)) ?? null;

const show = ({ from, to }: ImportEdge): string => `${from} imports ${to}`;

describe('the packages', () => {
  it('reads the imports it is meant to judge', () => {
    // The extension imports the wallet core by name, and the server's sources import the
    // contract by name: if the scan misses these, the rules below pass for nothing.
    expect(
      edges.some((e) => e.from.startsWith('entrypoints/') && e.to === '@encore-wallet/core'),
    ).toBe(true);
    expect(
      edges.some(
        (e) => e.from.startsWith('packages/server/src/') && e.to === '@encore-wallet/contract',
      ),
    ).toBe(true);
    expect(packages.map((p) => p.name)).toContain('@encore-wallet/utils');
  });

  it('are reached from outside only by name, never by a path into their files', () => {
    const deep = edges.filter(({ from, to, relative }) => {
      if (!relative) return false;
      const target = packageOfPath(to);
      return target !== null && packageOfPath(from) !== target;
    });
    expect(deep.map(show)).toEqual([]);
  });

  it('are imported only through what their exports name', () => {
    const unexported = edges.filter(({ to, relative }) => {
      if (relative) return false;
      const target = byName.get(packageNameOf(to));
      if (!target) return false;
      return !target.exports.has(`.${to.slice(target.name.length)}`);
    });
    expect(unexported.map(show)).toEqual([]);
  });

  it('import, in their sources, only their own files, Node and what they declare', () => {
    const undeclared = edges.filter(({ from, to, relative }) => {
      const owner = packageOfPath(from);
      if (!owner || !from.startsWith(`${owner.folder}/src/`)) return false;
      if (relative) return !to.startsWith(`${owner.folder}/src/`);
      if (to.startsWith('node:') || NODE_MODULES.has(to)) return false;
      return !owner.dependencies.has(packageNameOf(to));
    });
    expect(undeclared.map(show)).toEqual([]);
  });

  it('declare no dependency their sources never import', () => {
    const unused = packages.flatMap((p) => {
      const used = new Set(
        edges
          .filter(({ from, relative }) => !relative && from.startsWith(`${p.folder}/src/`))
          .map(({ to }) => packageNameOf(to)),
      );
      return [...p.dependencies].filter((d) => !used.has(d)).map((d) => `${p.name}: ${d}`);
    });
    expect(unused).toEqual([]);
  });

  it('reference in their tsconfig exactly the packages they depend on, so `tsc -b` orders them', () => {
    const mismatched = packages.filter((p) => {
      const siblings = [...p.dependencies].filter((d) => byName.has(d)).sort();
      const referenced = p.references
        .map((folder) => packages.find((q) => q.folder === `packages/${folder}`)?.name ?? folder)
        .sort();
      return JSON.stringify(siblings) !== JSON.stringify(referenced);
    });
    expect(mismatched.map((p) => p.name)).toEqual([]);
  });
});
