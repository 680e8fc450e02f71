// The packed backend as an integrator starts it: the installed `encore-server` bin, configured
// from the environment, on a free port.
import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { siteEnvironment } from './run.ts';

export interface BinServer {
  url: string;
  /** Everything the bin printed. */
  output(): string;
  close(): Promise<void>;
}

export function startServerBin(siteDir: string, env: Record<string, string>): Promise<BinServer> {
  const child: ChildProcess = spawn(join(siteDir, 'node_modules', '.bin', 'encore-server'), [], {
    cwd: siteDir,
    env: { ...siteEnvironment(), PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`encore-server did not start:\n${output}`)),
      30_000,
    );
    const read = (chunk: Buffer): void => {
      output += chunk.toString();
      const started = /encore backend on (http:\/\/\S+)/.exec(output);
      if (!started?.[1]) return;
      clearTimeout(timer);
      resolve({
        url: started[1],
        output: () => output,
        async close() {
          if (child.exitCode === null) child.kill('SIGTERM');
          await exited;
        },
      });
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`encore-server exited with ${code}:\n${output}`));
    });
  });
}
