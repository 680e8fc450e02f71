// A server started as a child process (the local chain's Hardhat node, the bundler), waited for
// until it answers: its output kept (the first 64 KB, for the error) and passed on line by line,
// a stop that ends it and waits for its exit.
import type { ChildProcess } from 'node:child_process';

export interface ServedChildOptions {
  /** How the server is named in errors ("The local chain …"). */
  name: string;
  url: string;
  timeoutMs: number;
  pollMs: number;
  log?: (line: string) => void;
  /** Resolves once the server answers as it should; throws while it does not (yet). */
  probe: () => Promise<void>;
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/** Resolves with the child's stop once `probe` passes; throws when it exits or times out first. */
export async function servedChild(
  child: ChildProcess,
  options: ServedChildOptions,
): Promise<{ stop: () => Promise<void> }> {
  const { name, url, timeoutMs, pollMs, log, probe } = options;
  let output = '';
  const collect = (chunk: Buffer): void => {
    const text = chunk.toString();
    if (output.length < 64_000) output += text;
    if (log) for (const line of text.split('\n')) if (line) log(line);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);

  const stop = async (): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited(child);
  };
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`${name} exited before answering (code ${child.exitCode}):\n${output}`);
    }
    try {
      await probe();
      return { stop };
    } catch (error) {
      if (Date.now() > deadline) {
        await stop();
        throw new Error(`${name} did not answer on ${url} within ${timeoutMs} ms:\n${output}`, {
          cause: error,
        });
      }
      await new Promise((resolve) => setTimeout(resolve, pollMs));
    }
  }
}
