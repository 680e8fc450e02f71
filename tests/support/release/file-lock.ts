import { spawn } from 'node:child_process';

/**
 * Runs `task` while holding an exclusive `flock` on `path`, so concurrent test runs (other
 * worktrees, CI) wait for one another instead of installing into the same folder at once. The
 * lock is held by a `flock` child that lives until its standard input closes: if this process
 * dies, the pipe closes and the lock goes with it.
 */
export async function withFileLock<T>(path: string, task: () => Promise<T>): Promise<T> {
  const holder = spawn('flock', ['--exclusive', path, 'sh', '-c', 'echo locked; cat >/dev/null'], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    holder.once('error', reject);
    holder.once('exit', (code) => reject(new Error(`flock ${path} exited with ${code}`)));
    holder.stdout.once('data', () => resolve());
  });
  try {
    return await task();
  } finally {
    const exited = new Promise((resolve) => holder.once('close', resolve));
    holder.stdin.end();
    await exited;
  }
}
