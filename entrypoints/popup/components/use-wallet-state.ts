import { useCallback, useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { AsyncState } from '../../../lib/extension/ui/index.ts';
import type { WalletState } from './api.ts';
import { sameData } from './same-data.ts';

/**
 * The popup's wallet state, as useAsync has it, from two sources started together: `snapshot`
 * (what storage says, null when nothing) is shown if it comes before the worker's answer, `load`,
 * which then always replaces it. An answer equal to what is shown keeps the same object, so the
 * view does not render again. A failed `load` shows its error even after a snapshot (the wallet
 * view would act through the same worker). `set` (a login, a logout) supersedes both.
 */
export function useWalletState(
  load: () => Promise<WalletState>,
  snapshot: () => Promise<WalletState | null>,
): [AsyncState<WalletState>, () => void, (value: WalletState) => void] {
  const [state, setState] = useState<AsyncState<WalletState>>({ status: 'loading' });
  const run = useRef(0);
  // Read when a run starts, so a caller may pass new functions on every render.
  const sources = useRef({ load, snapshot });
  sources.current = { load, snapshot };
  const reload = useCallback(() => {
    const id = ++run.current;
    const { load, snapshot } = sources.current;
    let answered = false;
    setState((previous) => (previous.status === 'error' ? { status: 'loading' } : previous));
    // Started first: the worker's answer is the one that matters.
    load().then(
      (value) => {
        answered = true;
        if (id !== run.current) return;
        setState((previous) =>
          previous.status === 'done' && sameData(previous.value, value)
            ? previous
            : { status: 'done', value },
        );
      },
      (error: unknown) => {
        answered = true;
        if (id === run.current) setState({ status: 'error', error });
      },
    );
    snapshot().then(
      (value) => {
        if (value && !answered && id === run.current) setState({ status: 'done', value });
      },
      // Without a snapshot the popup waits for the worker, as it would anyway.
      () => undefined,
    );
  }, []);
  // As useAsync: in a layout effect, so the answers already on their way are taken at once.
  useLayoutEffect(reload, [reload]);
  const set = useCallback((value: WalletState) => {
    run.current++;
    setState({ status: 'done', value });
  }, []);
  return [state, reload, set];
}
