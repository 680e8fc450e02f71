// docs/benchmarks.md keeps each bench's generated table between `<!-- bench:NAME -->` and
// `<!-- /bench:NAME -->`; the prose around the markers is the docs' own. These functions find a
// bench's section in its output and put it in the page, changing nothing else.

export class BenchSectionError extends Error {}

/** Each bench's npm script → the marker name of its section in docs/benchmarks.md. */
export const BENCH_MARKERS: Readonly<Record<string, string>> = {
  bench: 'wallet',
  'bench:browser': 'browser',
  'bench:extension': 'extension',
  'bench:server': 'server',
  'bench:scale': 'scale',
  'bench:faults': 'faults',
  'bench:key-holder': 'key-holder',
  'bench:hardened': 'hardened',
  'bench:catalog': 'catalog',
  'bench:library': 'library',
  'bench:calls': 'calls',
  'bench:permissions': 'permissions',
  'bench:worker-load': 'worker-load',
  'bench:packages': 'packages',
};

const start = (name: string): string => `<!-- bench:${name} -->`;
const end = (name: string): string => `<!-- /bench:${name} -->`;

/** The section `name` in `text` (markers included), or throws saying what is missing. */
export function findSection(text: string, name: string): string {
  const from = text.indexOf(start(name));
  if (from < 0) throw new BenchSectionError(`no "${start(name)}" marker`);
  const to = text.indexOf(end(name), from);
  if (to < 0) throw new BenchSectionError(`"${start(name)}" has no "${end(name)}" after it`);
  if (text.indexOf(start(name), from + 1) >= 0) {
    throw new BenchSectionError(`"${start(name)}" appears more than once`);
  }
  return text.slice(from, to + end(name).length);
}

/** `doc` with its section `name` replaced by `section` (which must be that bench's). */
export function replaceSection(doc: string, name: string, section: string): string {
  const current = findSection(doc, name);
  const fresh = findSection(section, name);
  return doc.replace(current, () => fresh);
}
