// Fixed-window counters in memory: the demo server is one process. (The wallet backend keeps its
// counters in the database because several instances share them; see packages/server/src/rate-limit.)
import type { RelayBudget } from './config.ts';

export class WindowBudget {
  private readonly windows = new Map<string, { start: number; used: number }>();

  constructor(
    private readonly budget: RelayBudget,
    private readonly now: () => number,
  ) {}

  /** Spends one unit of `key`'s budget; false (nothing spent) when it is used up. */
  spend(key: string): { ok: true } | { ok: false; retryAfterSeconds: number } {
    const windowMs = this.budget.windowSeconds * 1000;
    const now = this.now();
    const start = Math.floor(now / windowMs) * windowMs;
    if (this.windows.size > 10_000) this.sweep(start);
    const window = this.windows.get(key);
    const current = window && window.start === start ? window : { start, used: 0 };
    if (current.used >= this.budget.limit) {
      return {
        ok: false,
        retryAfterSeconds: Math.max(1, Math.ceil((start + windowMs - now) / 1000)),
      };
    }
    current.used += 1;
    this.windows.set(key, current);
    return { ok: true };
  }

  private sweep(start: number): void {
    for (const [key, window] of this.windows) if (window.start < start) this.windows.delete(key);
  }
}
