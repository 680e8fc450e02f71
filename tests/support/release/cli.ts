// By hand: `npm run release:prepare -- [v0.1.0] [--build OUT_DIR]` checks the release out and
// installs it (cached), optionally builds its extension with the WXT_* variables of this shell,
// and prints where everything is.
import { resolve } from 'node:path';
import { buildReleaseExtension, latestRelease, prepareRelease, resolveRelease } from './index.ts';

const args = process.argv.slice(2);
const buildAt = args.indexOf('--build');
const outDir = buildAt >= 0 ? args[buildAt + 1] : undefined;
if (buildAt >= 0 && !outDir) {
  console.error('usage: release:prepare [vX.Y.Z] [--build OUT_DIR]');
  process.exit(2);
}
const name = args.find((arg, i) => !arg.startsWith('--') && i !== buildAt + 1);

const release = await prepareRelease(name ? await resolveRelease(name) : await latestRelease());
console.log(`${release.name} ${release.sha}\nsource and node_modules: ${release.dir}`);
if (outDir) {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(
      (entry): entry is [string, string] => entry[0].startsWith('WXT_') && entry[1] !== undefined,
    ),
  );
  const extension = await buildReleaseExtension(release, { outDir: resolve(outDir), env });
  console.log(`extension: ${extension}`);
}
