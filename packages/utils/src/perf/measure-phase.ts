// Phase timings as User Timing measures, always on: one `performance.measure` costs microseconds
// and logs nothing. Each name keeps only its latest entry, so a worker that runs for hours holds a
// handful of entries. The extension benchmark reads them over the DevTools protocol
// (`performance.getEntriesByType('measure')`); so can anyone in DevTools.

/** The current high-resolution time, or 0 where there is no `performance` (phases then read 0). */
export function phaseStart(): number {
  return globalThis.performance?.now() ?? 0;
}

/** Records `name` as running from `start` (a `phaseStart()` value) until now. */
export function measurePhase(name: string, start: number): void {
  const perf = globalThis.performance;
  if (typeof perf?.measure !== 'function') return;
  perf.clearMeasures(name);
  perf.measure(name, { start, end: perf.now() });
}
