import { useCallback, useEffect, useRef, useState } from 'preact/hooks';

export type AsyncState<T> =
  | { status: 'loading' }
  | { status: 'error'; error: unknown }
  | { status: 'done'; value: T };

/** Runs `load` on mount (and on `reload()`); results of superseded runs are dropped. */
export function useAsync<T>(
  load: () => Promise<T>,
  deps: unknown[],
): [AsyncState<T>, () => void, (value: T) => void] {
  const [state, setState] = useState<AsyncState<T>>({ status: 'loading' });
  const run = useRef(0);
  const reload = useCallback(() => {
    const id = ++run.current;
    setState((previous) => (previous.status === 'done' ? previous : { status: 'loading' }));
    load().then(
      (value) => id === run.current && setState({ status: 'done', value }),
      (error: unknown) => id === run.current && setState({ status: 'error', error }),
    );
  }, deps);
  useEffect(reload, [reload]);
  const set = useCallback((value: T) => {
    run.current++;
    setState({ status: 'done', value });
  }, []);
  return [state, reload, set];
}
