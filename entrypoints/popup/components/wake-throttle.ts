// How often a form in use may wake the worker (wake-worker.ts), apart from the messaging so the
// benches can read it too.

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
