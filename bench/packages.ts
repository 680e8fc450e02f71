// `npm run bench:packages`: what the wallet core costs a site's page. A site that imports only
// sign-up and login (`new Hedgehog(...)`, `signUp`, `login`) is bundled for the browser as a
// site's bundler would (esbuild: tree-shaken, minified) from the built @encore-wallet/core
// package, and the same site from @audius/hedgehog 2.1.0; each is measured minified and gzipped.
// Hedgehog's bundle needs Node's crypto and stream (and Buffer) polyfilled in a browser: those are
// left out, so its figures are a lower bound. Also: the same site bundled from the repository's
// sources (what bundling the package costs tree-shaking), and what Encore's bundle is made of.

import { builtinModules } from 'node:module';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build, type Metafile } from 'esbuild';
import { buildPackages, ROOT } from '../scripts/lib/packages.ts';
import { benchReport } from './internal/report.ts';

/** The README's budget for the sign-up + login page of a site, gzipped. */
const BUDGET_GZIP_BYTES = 128 * 1024;

const site = (from: string): string => `
import { Hedgehog } from '${from}';
const post = (path) => (body) => fetch(path, { method: 'POST', body: JSON.stringify(body) });
const getFn = async ({ lookupKey }) => (await fetch('/authentication?lookupKey=' + lookupKey)).json();
const hedgehog = new Hedgehog(getFn, post('/authentication'), post('/users'));
export const signUp = (username, password) => hedgehog.signUp(username, password);
export const login = (username, password) => hedgehog.login(username, password);
`;

interface Bundle {
  /** What the page loads up front: its entry and the chunks the entry imports statically. */
  bytes: number;
  gzip: number;
  /** Chunks loaded later through import() (the core's scrypt worker source, on sign-up). */
  lazyBytes: number;
  lazyGzip: number;
  metafile: Metafile;
  /** Imports left out (Node's own modules). */
  external: string[];
}

async function bundle(contents: string, conditions: string[] = []): Promise<Bundle> {
  const result = await build({
    conditions,
    stdin: { contents, resolveDir: ROOT, loader: 'js', sourcefile: 'site.js' },
    bundle: true,
    minify: true,
    format: 'esm',
    splitting: true,
    outdir: join(ROOT, 'bench-packages-out'),
    absWorkingDir: ROOT,
    platform: 'browser',
    target: 'es2022',
    write: false,
    metafile: true,
    logLevel: 'silent',
    external: [...builtinModules, ...builtinModules.map((m) => `node:${m}`)],
  });
  const files = new Map(
    result.outputFiles.map((f) => [relative(ROOT, f.path).replaceAll('\\', '/'), f.contents]),
  );
  const outputs = result.metafile.outputs;
  const entry = Object.keys(outputs).find((path) => outputs[path]?.entryPoint);
  const upFront = new Set<string>();
  const visit = (path: string): void => {
    if (upFront.has(path)) return;
    upFront.add(path);
    for (const i of outputs[path]?.imports ?? []) if (i.kind === 'import-statement') visit(i.path);
  };
  if (entry) visit(entry);
  const measure = (paths: string[]) =>
    paths.reduce(
      (sum, path) => {
        const code = files.get(path) ?? new Uint8Array();
        return {
          bytes: sum.bytes + code.length,
          gzip: sum.gzip + gzipSync(code, { level: 9 }).length,
        };
      },
      { bytes: 0, gzip: 0 },
    );
  const front = measure([...upFront]);
  const lazy = measure(
    Object.keys(outputs).filter((path) => !upFront.has(path) && path.endsWith('.js')),
  );
  const external = Object.values(result.metafile.inputs)
    .flatMap((input) =>
      input.imports.filter((i) => i.external).map((i) => i.path.replace(/\/$/, '')),
    )
    .filter((path, i, all) => all.indexOf(path) === i)
    .sort();
  return {
    ...front,
    lazyBytes: lazy.bytes,
    lazyGzip: lazy.gzip,
    metafile: result.metafile,
    external,
  };
}

/** Minified bytes of each npm package (or `encore` for the repository's own code) in the bundle. */
function makeUp(metafile: Metafile): [string, number][] {
  const totals = new Map<string, number>();
  for (const output of Object.values(metafile.outputs)) {
    for (const [path, { bytesInOutput }] of Object.entries(output.inputs)) {
      const inPackage = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(path)?.[1];
      const owner = inPackage && !inPackage.startsWith('@encore-wallet/') ? inPackage : 'encore';
      totals.set(owner, (totals.get(owner) ?? 0) + bytesInOutput);
    }
  }
  return [...totals].sort((a, b) => b[1] - a[1]);
}

const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`;

async function main(): Promise<void> {
  const report = benchReport('packages');
  const t0 = performance.now();
  buildPackages();
  const buildMs = performance.now() - t0;

  const encore = await bundle(site('@encore-wallet/core'));
  const sources = await bundle(site('./packages/core/src/index.ts'), ['@encore-wallet/source']);
  const hedgehog = await bundle(site('@audius/hedgehog'));
  const within = encore.gzip <= BUDGET_GZIP_BYTES;

  console.log(
    'A site importing only sign-up and login, bundled for the browser (esbuild, minified):',
  );
  console.log(
    `  @encore-wallet/core 0.1.0   ${kb(encore.bytes)}, ${kb(encore.gzip)} gzipped (budget ${kb(BUDGET_GZIP_BYTES)}: ${within ? 'within' : 'OVER'})`,
  );
  console.log(
    `  loaded on sign-up (the scrypt worker's source) ${kb(encore.lazyBytes)}, ${kb(encore.lazyGzip)} gzipped`,
  );
  console.log(`  from the repository sources ${kb(sources.bytes)}, ${kb(sources.gzip)} gzipped`);
  console.log(
    `  @audius/hedgehog 2.1.0      ${kb(hedgehog.bytes)}, ${kb(hedgehog.gzip)} gzipped, without ${hedgehog.external.join(', ')}`,
  );
  const byPackage = makeUp(encore.metafile)
    .map(([name, bytes]) => `${name} ${kb(bytes)}`)
    .join(', ');
  console.log(`  Encore's bundle: ${byPackage}`);
  console.log(`  (built the packages in ${buildMs.toFixed(0)} ms)`);

  report.row(
    '`@encore-wallet/core`: sign-up + login page, minified / gzipped',
    `${kb(encore.bytes)} / **${kb(encore.gzip)}**`,
    `≤ ${kb(BUDGET_GZIP_BYTES)} gzipped`,
  );
  report.row(
    "loaded when the page signs up: the wallet core's scrypt worker, minified / gzipped",
    `${kb(encore.lazyBytes)} / ${kb(encore.lazyGzip)}`,
  );
  report.row(
    "the same page from the packages' sources (`@encore-wallet/source`: what the extension bundles)",
    `${kb(sources.bytes)} / ${kb(sources.gzip)}`,
  );
  report.row(
    `\`@audius/hedgehog\` 2.1.0, the same page, without Node's ${hedgehog.external.join(', ')} (a lower bound)`,
    `${kb(hedgehog.bytes)} / **${kb(hedgehog.gzip)}**`,
  );
  report.row("Encore's bundle by package, minified", byPackage);
  report.finish();
  if (!within) process.exitCode = 1;
}

await main();
