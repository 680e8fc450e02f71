import { spawn } from 'node:child_process';
import { ReleaseError } from './errors.ts';

export interface RunOptions {
  cwd: string;
  env?: NodeJS.ProcessEnv;
  /** Written to the child's standard input, then closed. */
  input?: Buffer;
}

/** Runs a command to completion; resolves to its standard output, rejects with its output. */
export function runCommand(command: string, args: string[], options: RunOptions): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: options.env ?? process.env,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const stdout: Buffer[] = [];
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout.push(chunk);
      output += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) return resolve(Buffer.concat(stdout).toString());
      // The end of the output is where npm and wxt say what went wrong.
      const tail = output.length > 8_000 ? `…${output.slice(-8_000)}` : output;
      reject(
        new ReleaseError(
          'COMMAND_FAILED',
          `${command} ${args.join(' ')} (in ${options.cwd}) exited with ${code}:\n${tail}`,
        ),
      );
    });
    child.stdin.end(options.input);
  });
}
