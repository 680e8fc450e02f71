import { useCallback, useLayoutEffect, useRef, useState } from 'preact/hooks';

export type AsyncState<T> =
  | { status: 'loading' }
  | { status: 'error'; error: unknown }
  | { status: 'done'; value: T };

export interface AsyncOptions<T> {
  /**
   * A second source started beside `load`, quicker and possibly stale (a copy kept in storage):
   * its value is shown if it comes before `load`'s answer, which then always replaces it. Null,
   * or a failure, shows nothing; `load`'s failure is shown even after it.
   */
  early?: () => Promise<T | null>;
  /** Whether `load`'s answer equals what is shown: then the state is kept, and nothing renders. */
  same?: (shown: T, answer: T) => boolean;
}

/**
 * Runs `load` on mount (and on `reload()`); results of superseded runs are dropped, and `set()`
 * supersedes the run under way. The first run starts in a layout effect, right after the first
 * render: a plain effect would wait for the browser's next frame (up to 16 ms, 35 at most) before
 * even asking, or, when `load` hands over a request already sent, before taking its answer.
 */
export function useAsync<T>(
  load: () => Promise<T>,
  deps: unknown[],
  options: AsyncOptions<T> = {},
): [AsyncState<T>, () => void, (value: T) => void] {
  const [state, setState] = useState<AsyncState<T>>({ status: 'loading' });
  const run = useRef(0);
  const reload = useCallback(() => {
    const id = ++run.current;
    let answered = false;
    setState((previous) => (previous.status === 'error' ? { status: 'loading' } : previous));
    // Started first: `load`'s answer is the one that matters.
    load().then(
      (value) => {
        answered = true;
        if (id !== run.current) return;
        setState((previous) =>
          previous.status === 'done' && options.same?.(previous.value, value)
            ? previous
            : { status: 'done', value },
        );
      },
      (error: unknown) => {
        answered = true;
        if (id === run.current) setState({ status: 'error', error });
      },
    );
    options.early?.().then(
      (value) => {
        if (value !== null && !answered && id === run.current) setState({ status: 'done', value });
      },
      // Without an early value the page waits for `load`, as it would anyway.
      () => undefined,
    );
  }, deps);
  useLayoutEffect(reload, [reload]);
  const set = useCallback((value: T) => {
    run.current++;
    setState({ status: 'done', value });
  }, []);
  return [state, reload, set];
}
