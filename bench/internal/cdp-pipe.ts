// A bare DevTools protocol client over Chromium's --remote-debugging-pipe (fd 3 in, fd 4 out,
// messages ended by NUL). Unlike Playwright it attaches to nothing by itself: a page it opens
// loads as in a person's browser, with no DevTools client pausing it to instrument it, and is
// attached only when the bench reads what the page measured.
import { type ChildProcess, spawn } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';

interface Reply {
  id?: number;
  result?: unknown;
  error?: { message: string };
}

export interface CdpPipe {
  /** Sends a command (to the browser, or to an attached target's `sessionId`). */
  send<T>(method: string, params?: object, sessionId?: string): Promise<T>;
  /** Evaluates `expression` in an attached target and resolves to its JSON value. */
  evaluate<T>(sessionId: string, expression: string): Promise<T>;
  close(): Promise<void>;
}

export function launchWithPipe(executable: string, args: string[]): CdpPipe {
  const child: ChildProcess = spawn(executable, [...args, '--remote-debugging-pipe'], {
    stdio: ['ignore', 'ignore', 'ignore', 'pipe', 'pipe'],
  });
  const input = child.stdio[3] as Writable;
  const output = child.stdio[4] as Readable;
  const waiting = new Map<number, (reply: Reply) => void>();
  let nextId = 0;
  let buffered = '';
  output.on('data', (chunk: Buffer) => {
    buffered += chunk.toString();
    for (let end = buffered.indexOf('\0'); end >= 0; end = buffered.indexOf('\0')) {
      const reply = JSON.parse(buffered.slice(0, end)) as Reply;
      buffered = buffered.slice(end + 1);
      if (reply.id === undefined) continue;
      waiting.get(reply.id)?.(reply);
      waiting.delete(reply.id);
    }
  });
  // Once Chromium is gone (exited, or never started), every command fails at once.
  let gone: string | null = null;
  const fail = (reason: string): void => {
    gone ??= reason;
    for (const answer of waiting.values()) answer({ error: { message: reason } });
    waiting.clear();
  };
  const exited = new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.once('error', () => resolve());
  });
  child.on('error', (error) => fail(`Chromium could not start: ${error.message}`));
  child.once('exit', () => fail('Chromium exited'));
  // A write after the exit fails through `gone`, not as an unhandled EPIPE.
  input.on('error', () => undefined);

  const send = <T>(method: string, params: object = {}, sessionId?: string): Promise<T> => {
    if (gone) return Promise.reject(new Error(`${method}: ${gone}`));
    nextId += 1;
    const id = nextId;
    input.write(`${JSON.stringify({ id, method, params, sessionId })}\0`);
    return new Promise<T>((resolve, reject) => {
      waiting.set(id, (reply) =>
        reply.error
          ? reject(new Error(`${method}: ${reply.error.message}`))
          : resolve(reply.result as T),
      );
    });
  };
  return {
    send,
    async evaluate<T>(sessionId: string, expression: string): Promise<T> {
      const answer = await send<{
        result: { value: T };
        exceptionDetails?: { text: string; exception?: { description?: string } };
      }>('Runtime.evaluate', { expression, awaitPromise: true, returnByValue: true }, sessionId);
      const thrown = answer.exceptionDetails;
      if (thrown) throw new Error(`evaluate: ${thrown.exception?.description ?? thrown.text}`);
      return answer.result.value;
    },
    async close() {
      if (!gone) await send('Browser.close').catch(() => undefined);
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
