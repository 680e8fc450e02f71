// A music site's project in a temp directory outside the repository, with the packages installed
// from the tarballs `npm pack` makes of them (their own dependencies from the registry, through
// npm's cache): what the packages tests exercise, never the source tree.
import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildPackages, ROOT, workspacePackages } from '../../../../scripts/lib/packages.ts';
import { run } from './run.ts';

export interface PackedSite {
  /** The site project (package.json, node_modules, app/, node/). */
  dir: string;
  /** Package name → its tarball. */
  tarballs: Map<string, string>;
  close(): Promise<void>;
}

/** What the site installs beside the packages, at the versions the repository's lock holds. */
const SITE_TOOLS = [
  'vite',
  'typescript',
  '@types/node',
  'hono',
  '@hono/node-server',
  'better-sqlite3',
];

async function installedVersion(name: string, dir: string = ROOT): Promise<string> {
  const json = await readFile(join(dir, 'node_modules', name, 'package.json'), 'utf8');
  return (JSON.parse(json) as { version: string }).version;
}

async function pack(packageDir: string, destination: string): Promise<string> {
  // Built already, once for all of them.
  const out = await run(
    'npm',
    ['pack', '--ignore-scripts', '--json', '--pack-destination', destination],
    {
      cwd: packageDir,
    },
  );
  const [packed] = JSON.parse(out) as { filename: string }[];
  if (!packed) throw new Error(`npm pack made nothing in ${packageDir}`);
  return join(destination, packed.filename);
}

/**
 * better-sqlite3 compiles SQLite at install here (no prebuilt download can be reached): about two
 * minutes on this machine. The site installs the same version as the repository, for the same
 * Node, so the addon the repository compiled is the one the site would build; it is copied in.
 */
async function provideSqliteAddon(siteDir: string): Promise<void> {
  const addon = join('node_modules', 'better-sqlite3', 'build', 'Release', 'better_sqlite3.node');
  if (
    (await installedVersion('better-sqlite3', siteDir)) !==
    (await installedVersion('better-sqlite3'))
  ) {
    await run('npm', ['rebuild', 'better-sqlite3'], { cwd: siteDir, timeoutMs: 600_000 });
    return;
  }
  await mkdir(join(siteDir, 'node_modules', 'better-sqlite3', 'build', 'Release'), {
    recursive: true,
  });
  await cp(join(ROOT, addon), join(siteDir, addon));
}

export async function installPackedSite(): Promise<PackedSite> {
  // The repository runs the packages from their sources; a dist/ this test leaves behind would
  // answer for any tool that forgot the source condition, so it keeps only those it found.
  const hadBuild = new Set(
    workspacePackages()
      .filter((p) => existsSync(join(p.dir, 'dist')))
      .map((p) => p.dir),
  );
  const removeNewBuilds = (): Promise<unknown> =>
    Promise.all(
      workspacePackages()
        .filter((p) => !hadBuild.has(p.dir))
        .map((p) => rm(join(p.dir, 'dist'), { recursive: true, force: true })),
    );
  const built = buildPackages();
  const dir = await mkdtemp(join(tmpdir(), 'encore-packed-site-'));
  try {
    const tarballDir = join(dir, 'tarballs');
    await mkdir(tarballDir);
    const tarballs = new Map<string, string>();
    for (const p of built) tarballs.set(p.name, await pack(p.dir, tarballDir));
    await removeNewBuilds();

    const siteDir = join(dir, 'site');
    await cp(join(import.meta.dirname, '..', 'site'), siteDir, { recursive: true });
    const dependencies: Record<string, string> = {};
    for (const [name, tarball] of tarballs) dependencies[name] = `file:${tarball}`;
    for (const name of SITE_TOOLS) dependencies[name] = await installedVersion(name);
    await writeFile(
      join(siteDir, 'package.json'),
      JSON.stringify({ name: 'music-site', private: true, type: 'module', dependencies }, null, 2),
    );
    // Scripts off: the only install script among these is better-sqlite3's compile (see above).
    await run(
      'npm',
      ['install', '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts'],
      { cwd: siteDir, timeoutMs: 180_000 },
    );
    await provideSqliteAddon(siteDir);
    return {
      dir: siteDir,
      tarballs,
      close: () => rm(dir, { recursive: true, force: true }),
    };
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    await removeNewBuilds();
    throw error;
  }
}
