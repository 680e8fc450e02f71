// The shape of lib/, checked on the import graph of the source itself. A folder is lib/<name>, or
// lib/extension/<name> for the extension's parts; folders below those belong to them. Each
// folder's public surface is its index.ts: other folders, the entrypoints and the demo import
// only that. Folders never import one another in a circle, and the plain libraries never reach
// into the extension. Type-only imports count: they are dependencies too. Stylesheets are assets,
// not modules, and may be imported directly.

import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importEdges, ROOT, sourceFilesUnder } from './support/repo-imports.ts';

/** Folders whose files must import other folders through their index.ts. */
const IMPORTERS = ['lib', 'entrypoints', 'demo'];
/** Plain TypeScript that runs in pages, workers and Node: no extension code, no extension API. */
const LIBRARIES = ['lib/eip', 'lib/guards', 'lib/library', 'lib/move', 'lib/transactions'];

/** `lib/extension/rpc` for lib/extension/rpc/methods/x.ts, `lib/eip` for lib/eip/x.ts. */
function folderOf(path: string): string | null {
  const parts = path.split('/');
  if (parts[0] !== 'lib' || parts.length < 3) return null;
  if (parts[1] === 'extension') return parts.length >= 4 ? parts.slice(0, 3).join('/') : null;
  return parts.slice(0, 2).join('/');
}

const files = sourceFilesUnder(IMPORTERS);
const edges = importEdges(files);
const libFolders = [...new Set(files.map(folderOf).filter((f): f is string => f !== null))];

/** A cycle among `nodes` following `next`, as a path that ends where it starts, or null. */
function findCycle(nodes: string[], next: (node: string) => string[]): string[] | null {
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (node: string): string[] | null => {
    if (state.get(node) === 'done') return null;
    if (state.get(node) === 'open') return [...stack.slice(stack.indexOf(node)), node];
    state.set(node, 'open');
    stack.push(node);
    for (const target of next(node)) {
      const cycle = visit(target);
      if (cycle) return cycle;
    }
    stack.pop();
    state.set(node, 'done');
    return null;
  };
  for (const node of nodes) {
    const cycle = visit(node);
    if (cycle) return cycle;
  }
  return null;
}

describe('the import graph of lib/', () => {
  it('gives every folder a public index.ts', () => {
    expect(libFolders.filter((folder) => !existsSync(join(ROOT, folder, 'index.ts')))).toEqual([]);
  });

  it('has no cycle between folders', () => {
    const folderEdges = new Map<string, Set<string>>();
    for (const { from, to } of edges) {
      const [a, b] = [folderOf(from), folderOf(to)];
      if (a === null || b === null || a === b) continue;
      folderEdges.set(a, (folderEdges.get(a) ?? new Set()).add(b));
    }
    const cycle = findCycle(libFolders, (folder) => [...(folderEdges.get(folder) ?? [])]);
    expect(cycle?.join(' -> ') ?? null).toBeNull();
  });

  it('lets other folders, the entrypoints and the demo import a folder only through its index.ts', () => {
    const deep = edges.filter(({ from, to }) => {
      const target = folderOf(to);
      if (target === null || target === folderOf(from) || to.endsWith('.css')) return false;
      return to !== `${target}/index.ts`;
    });
    expect(deep.map(({ from, to }) => `${from} imports ${to}`)).toEqual([]);
  });

  it('keeps the libraries free of extension code and extension APIs', () => {
    const reaching = edges.filter(
      ({ from, to }) =>
        LIBRARIES.includes(folderOf(from) ?? '') &&
        (to.startsWith('lib/extension/') || to === 'wxt' || to.startsWith('wxt/')),
    );
    expect(reaching.map(({ from, to }) => `${from} imports ${to}`)).toEqual([]);
  });
});
