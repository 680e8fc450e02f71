// How long a request waits for its host before the same GET also goes to a second host. Derived
// from this client's recent answers, so a host that is merely a little slower than usual is not
// doubled up on, and bounded, so a person never waits long for a slow host nor does a fast
// network send a second request for every small hiccup.

export const MIN_HEDGE_DELAY_MS = 150;
export const MAX_HEDGE_DELAY_MS = 400;
/** Before this client has seen an answer: well above a healthy answer, well under a slow host. */
export const INITIAL_HEDGE_DELAY_MS = 300;
const WINDOW = 16;

export interface HedgeDelay {
  /** Records how long one answered request took (ms). */
  record(ms: number): void;
  /** Twice the median of the recent answers, within [MIN, MAX]. */
  current(): number;
}

export function createHedgeDelay(): HedgeDelay {
  const recent: number[] = [];
  return {
    record(ms) {
      recent.push(ms);
      if (recent.length > WINDOW) recent.shift();
    },
    current() {
      if (recent.length === 0) return INITIAL_HEDGE_DELAY_MS;
      const sorted = [...recent].sort((a, b) => a - b);
      const median = sorted[Math.floor(sorted.length / 2)]!;
      return Math.min(MAX_HEDGE_DELAY_MS, Math.max(MIN_HEDGE_DELAY_MS, 2 * median));
    },
  };
}
