import { useCallback, useLayoutEffect, useRef, useState } from 'preact/hooks';

export type AsyncState<T> =
  | { status: 'loading' }
  | { status: 'error'; error: unknown }
  | { status: 'done'; value: T };

/**
 * Runs `load` on mount (and on `reload()`); results of superseded runs are dropped. The first run
 * starts in a layout effect, right after the first render: a plain effect would wait for the
 * browser's next frame (up to 16 ms, 35 at most) before even asking, or, when `load` hands over
 * a request already sent, before taking its answer.
 */
export function useAsync<T>(
  load: () => Promise<T>,
  deps: unknown[],
): [AsyncState<T>, () => void, (value: T) => void] {
  const [state, setState] = useState<AsyncState<T>>({ status: 'loading' });
  const run = useRef(0);
  const reload = useCallback(() => {
    const id = ++run.current;
    setState((previous) => (previous.status === 'error' ? { status: 'loading' } : previous));
    load().then(
      (value) => id === run.current && setState({ status: 'done', value }),
      (error: unknown) => id === run.current && setState({ status: 'error', error }),
    );
  }, deps);
  useLayoutEffect(reload, [reload]);
  const set = useCallback((value: T) => {
    run.current++;
    setState({ status: 'done', value });
  }, []);
  return [state, reload, set];
}
