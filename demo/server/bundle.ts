// The demo page is plain TypeScript bundled in memory when the server starts: no build step to
// forget, and the bundle always matches the source.
import { resolve } from 'node:path';
import { build } from 'esbuild';

const SITE = resolve(import.meta.dirname, '..', 'site');

export async function bundleSite(entry: string): Promise<string> {
  const result = await build({
    // The @encore-wallet/* packages from their sources (docs/packages.md).
    conditions: ['@encore-wallet/source'],
    entryPoints: [resolve(SITE, entry)],
    bundle: true,
    format: 'esm',
    target: 'es2022',
    minify: true,
    write: false,
    logLevel: 'silent',
  });
  const file = result.outputFiles[0];
  if (!file) throw new Error(`esbuild produced nothing for ${entry}`);
  return file.text;
}
