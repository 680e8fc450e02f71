// Reads the phase measures (@encore-wallet/utils/perf) of a page or a worker through the DevTools protocol, as
// wall-clock times so entries of different contexts (popup, worker, approval window) line up.
import type { Page, Worker } from '@playwright/test';

export interface Span {
  /** Wall-clock milliseconds (timeOrigin + startTime). */
  start: number;
  end: number;
  duration: number;
}

export interface Measures {
  /** When the context started (its timeOrigin), wall clock. */
  origin: number;
  spans: Map<string, Span>;
}

function collect(): {
  origin: number;
  entries: { name: string; startTime: number; duration: number }[];
} {
  return {
    origin: performance.timeOrigin,
    entries: performance
      .getEntriesByType('measure')
      .map((e) => ({ name: e.name, startTime: e.startTime, duration: e.duration })),
  };
}

export async function readMeasures(target: Page | Worker): Promise<Measures> {
  // Page and Worker both have evaluate, with signatures TypeScript cannot unite.
  const raw = await (target as Page).evaluate(collect);
  const spans = new Map<string, Span>();
  for (const e of raw.entries) {
    const start = raw.origin + e.startTime;
    spans.set(e.name, { start, end: start + e.duration, duration: e.duration });
  }
  return { origin: raw.origin, spans };
}

/** The span, or an error naming it: a missing phase means a mark was moved or removed. */
export function span(measures: Measures, name: string): Span {
  const found = measures.spans.get(name);
  if (!found) throw new Error(`No measure named ${name}`);
  return found;
}

/** Every span of `measures` as text lines, in start order, times relative to `zero` (wall clock). */
export function timeline(measures: Measures, zero: number): string[] {
  const rel = (x: number): string => (x - zero).toFixed(1).padStart(8);
  return [
    `${rel(measures.origin)}           context started`,
    ...[...measures.spans]
      .sort(([, a], [, b]) => a.start - b.start)
      .map(([name, s]) => `${rel(s.start)} ${rel(s.end)}  ${name}`),
  ];
}
