import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';

/**
 * Builds the extension once into `outDir` with the WXT_* defaults pointing at the test servers,
 * for Chromium (default) or Firefox; resolves to the built folder. A lock file serialises builds
 * across concurrent runs: WXT also writes its shared .wxt folder.
 */
export async function buildExtension(options: {
  outDir: string;
  env: Record<string, string>;
  browser?: 'chrome' | 'firefox';
}): Promise<string> {
  const root = resolve(import.meta.dirname, '..', '..', '..');
  const wxt = join(root, 'node_modules', '.bin', 'wxt');
  const firefox = options.browser === 'firefox';
  const target = firefox ? ['-b', 'firefox', '--mv3'] : [];
  await run('flock', ['/tmp/encore-e2e-build.lock', wxt, 'build', ...target], {
    cwd: root,
    env: { ...process.env, ...options.env, ENCORE_OUT_DIR: options.outDir },
  });
  return join(options.outDir, firefox ? 'firefox-mv3' : 'chrome-mv3');
}

function run(
  command: string,
  args: string[],
  options: { cwd: string; env: NodeJS.ProcessEnv },
): Promise<void> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolvePromise();
      else reject(new Error(`Extension build failed (exit ${code}):\n${output}`));
    });
  });
}
