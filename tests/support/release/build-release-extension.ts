import { join } from 'node:path';
import { withFileLock } from './file-lock.ts';
import { installEnv, type PreparedRelease, releaseLock } from './prepare-release.ts';
import { runCommand } from './run-command.ts';

/**
 * Builds a prepared release's extension into `outDir` with the given WXT_* defaults (the test
 * servers' URLs are baked in at build time, so each run builds; it takes seconds). Returns the
 * folder Chromium loads.
 */
export async function buildReleaseExtension(
  release: PreparedRelease,
  options: { outDir: string; env: Record<string, string> },
): Promise<string> {
  const wxt = join(release.dir, 'node_modules', '.bin', 'wxt');
  // WXT writes the release's own .wxt folder: one build at a time per release.
  await withFileLock(releaseLock(release), () =>
    runCommand(wxt, ['build'], {
      cwd: release.dir,
      env: { ...installEnv(), ...options.env, ENCORE_OUT_DIR: options.outDir },
    }),
  );
  return join(options.outDir, 'chrome-mv3');
}
