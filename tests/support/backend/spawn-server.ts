// The backend as a process of its own (`packages/server/src/main.ts`, as `npm run server` runs it), for tests
// that kill it or that must keep running while this process is busy.
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';

export interface SpawnedServer {
  child: ChildProcess;
  url: string;
  /** The last lines it printed (its request log), for a failure message. */
  tail(): string;
  /** SIGTERM, then waits for it to exit. */
  stop(): Promise<void>;
}

const ROOT = new URL('../../../', import.meta.url).pathname;
const TAIL_CHARS = 4_000;

/** Starts `packages/server/src/main.ts` on a free port with `env` added to this process's environment. */
export function spawnServer(env: Record<string, string>): Promise<SpawnedServer> {
  // node --import tsx (not npx): a signal must reach the server process itself.
  const child = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer): void => {
    output = (output + chunk.toString()).slice(-TAIL_CHARS);
  };
  const exited = once(child, 'exit');
  let listening = false;
  return new Promise((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      keep(chunk);
      const match = listening ? null : /encore backend on (http:\/\/[\d.:]+)/.exec(output);
      if (match?.[1]) {
        listening = true;
        resolve({
          child,
          url: match[1],
          tail: () => output,
          async stop() {
            if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
            await exited;
          },
        });
      }
    });
    child.stderr?.on('data', keep);
    child.once('exit', (code) =>
      reject(new Error(`server exited (${code}) before listening: ${output}`)),
    );
  });
}
