// Runs a command to its end and hands back its output; a failure carries both streams, so a test
// that fails says what the tool said.
import { execFile } from 'node:child_process';

export interface RunOptions {
  cwd: string;
  env?: NodeJS.ProcessEnv;
  timeoutMs?: number;
}

/**
 * This process's environment without the `@encore-wallet/source` condition npm passes the
 * repository's scripts (.npmrc): a site resolves the packages to their built files.
 */
export function siteEnvironment(): NodeJS.ProcessEnv {
  const nodeOptions = (process.env.NODE_OPTIONS ?? '')
    .split(/\s+/)
    .filter((option) => option !== '' && !option.includes('@encore-wallet/source'))
    .join(' ');
  return { ...process.env, NODE_OPTIONS: nodeOptions };
}

export function run(
  command: string,
  args: readonly string[],
  options: RunOptions,
): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      command,
      args,
      {
        cwd: options.cwd,
        env: options.env ?? siteEnvironment(),
        timeout: options.timeoutMs ?? 120_000,
        maxBuffer: 16 * 1024 * 1024,
      },
      (error, stdout, stderr) => {
        if (error) {
          reject(
            new Error(
              `${command} ${args.join(' ')} failed (${error.message})\n${stdout}\n${stderr}`,
            ),
          );
        } else {
          resolve(stdout);
        }
      },
    );
  });
}
