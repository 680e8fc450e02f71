/**
 * Starts `start` now, before a page's first render, so its answer travels while Preact draws;
 * the first caller (the page's useAsync) takes that run, every later caller (a retry) a new one.
 */
export function startedEarly<T>(start: () => Promise<T>): () => Promise<T> {
  let early: Promise<T> | null = start();
  // Its taker handles a failure; until it is taken it must not count as unhandled.
  early.catch(() => undefined);
  return () => {
    const run = early ?? start();
    early = null;
    return run;
  };
}
