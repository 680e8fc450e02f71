import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { freePort } from '../free-port.ts';
import { ReleaseError } from './errors.ts';
import { installEnv, type PreparedRelease } from './prepare-release.ts';

export interface ReleaseServer {
  url: string;
  /** SIGTERM, as an operator stops it before an upgrade; resolves once it has exited. */
  stop(): Promise<void>;
}

/**
 * Runs the release's own backend (`server/main.ts` from its checkout, its own dependencies) on
 * `databaseUrl`, configured through the environment as an operator would. Resolves once its
 * /health answers.
 */
export async function startReleaseServer(
  release: PreparedRelease,
  options: { databaseUrl: string; env?: Record<string, string> },
): Promise<ReleaseServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  // Node itself with tsx's loader, not the tsx CLI: the CLI relays SIGTERM to its child and, when
  // the child does not acknowledge within 30 ms (a busy machine), kills it and exits 143.
  const loader = join(release.dir, 'node_modules', 'tsx', 'dist', 'loader.mjs');
  const child = spawn(
    process.execPath,
    ['--import', pathToFileURL(loader).href, 'server/main.ts'],
    {
      cwd: release.dir,
      env: {
        ...installEnv(),
        HOST: '127.0.0.1',
        PORT: String(port),
        DATABASE_URL: options.databaseUrl,
        ...options.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  let hasExited = false;
  void exited.then(() => {
    hasExited = true;
  });

  const deadline = Date.now() + 60_000;
  while (!(await healthy(url))) {
    if (hasExited || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new ReleaseError(
        'COMMAND_FAILED',
        `${release.name}'s server did not come up on ${url}:\n${output}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    async stop() {
      if (!hasExited) child.kill('SIGTERM');
      const code = await exited;
      if (code !== 0) {
        throw new ReleaseError(
          'COMMAND_FAILED',
          `${release.name}'s server exited with ${code}:\n${output}`,
        );
      }
    },
  };
}

async function healthy(url: string): Promise<boolean> {
  try {
    return (await fetch(`${url}/health`)).ok;
  } catch {
    return false;
  }
}
