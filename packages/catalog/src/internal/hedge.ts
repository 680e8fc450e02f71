// One GET raced over at most two hosts at a time. The chosen host gets the request; when it has
// not answered within the hedge delay, the same GET also goes to another host, and the first
// answer wins while the other is aborted. A transient failure (network, timeout, 5xx) moves on to
// another host at once; anything else (a 4xx, a malformed answer) is the answer.

export interface HedgeOptions<T> {
  first: string;
  /** Another host to try, never one in `tried`; undefined when there is none. */
  next(tried: readonly string[]): string | undefined;
  run(host: string, signal: AbortSignal): Promise<T>;
  /** Whether another host might do better after this failure. */
  retryable(error: unknown): boolean;
  delayMs: number;
  /** Hosts tried per request, in all (at most two of them at once). */
  maxAttempts: number;
  /** A host failed in a way another might not (mark it bad). */
  onFailed(host: string): void;
  /** A host was still busy when another host answered (pick it less). */
  onSlow(host: string): void;
  /** A host answered after `ms` (feeds the hedge delay). */
  onAnswered(host: string, ms: number): void;
}

export interface HedgeResult<T> {
  host: string;
  value: T;
}

/** Rejects with the error that decided: a non-retryable one, or the last failure. */
export function hedge<T>(opts: HedgeOptions<T>): Promise<HedgeResult<T>> {
  return new Promise((resolve, reject) => {
    const tried: string[] = [];
    const inFlight = new Map<string, AbortController>();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let settled = false;

    const finish = (settle: () => void): void => {
      settled = true;
      clearTimeout(timer);
      for (const controller of inFlight.values()) controller.abort();
      inFlight.clear();
      settle();
    };

    /** Whoever is still busy when another host answered lost to it. */
    const beaten = (): void => {
      for (const other of inFlight.keys()) opts.onSlow(other);
    };

    const startNext = (): boolean => {
      if (tried.length >= opts.maxAttempts) return false;
      const host = opts.next(tried);
      if (host === undefined) return false;
      start(host);
      return true;
    };

    const armHedge = (): void => {
      clearTimeout(timer);
      if (inFlight.size !== 1 || tried.length >= opts.maxAttempts) return;
      timer = setTimeout(() => {
        if (!settled && inFlight.size === 1) startNext();
      }, opts.delayMs);
    };

    function start(host: string): void {
      tried.push(host);
      const controller = new AbortController();
      inFlight.set(host, controller);
      const startedAt = Date.now();
      opts.run(host, controller.signal).then(
        (value) => {
          if (settled) return;
          inFlight.delete(host);
          beaten();
          opts.onAnswered(host, Date.now() - startedAt);
          finish(() => resolve({ host, value }));
        },
        (error: unknown) => {
          if (settled) return;
          inFlight.delete(host);
          if (!opts.retryable(error)) {
            // A refusal is an answer too: whoever is still busy was beaten by it.
            beaten();
            return finish(() => reject(error));
          }
          opts.onFailed(host);
          if (startNext()) return;
          if (inFlight.size === 0) return finish(() => reject(error));
          armHedge();
        },
      );
      armHedge();
    }

    start(opts.first);
  });
}
