// A form in use keeps the worker started. The browser stops an idle worker after 30 s, and one
// woken only by the submit click starts, evaluates its bundle and warms up on the other core
// while the popup derives the first key: on two cores that login is ~40 ms slower than with a
// running worker (`npm run bench:extension`, cold vs warm). So any input in the form — typing,
// pasting, a password manager's fill — wakes it, at most once every WAKE_EVERY_MS: a getState,
// answered from memory by a running worker, which also restarts its idle timer.
import { sendMessage } from './api.ts';

export const WAKE_EVERY_MS = 5_000;

/** A wake that asks through `send` unless it did in the last `everyMs`; true when it asked. */
export function createWorkerWake(
  send: () => Promise<unknown>,
  everyMs: number = WAKE_EVERY_MS,
): (now?: number) => boolean {
  let lastWake = Number.NEGATIVE_INFINITY;
  return (now = performance.now()) => {
    if (now - lastWake < everyMs) return false;
    lastWake = now;
    // Any answer, or none (a worker still starting), is fine: the point is the start.
    send().catch(() => undefined);
    return true;
  };
}

export const wakeWorker = createWorkerWake(() => sendMessage('getState'));
