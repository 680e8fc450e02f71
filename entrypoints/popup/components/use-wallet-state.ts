import { type AsyncState, useAsync } from '../../../lib/extension/ui/index.ts';
import type { WalletState } from './api.ts';
import { sameData } from './same-data.ts';

/**
 * The popup's wallet state: the worker's answer (`load`), and until it comes the session
 * snapshot read from storage (`snapshot`, null when there is none). An answer equal to the
 * snapshot keeps the same object, so the view does not render again. A failed `load` shows its
 * error even after a snapshot (the wallet view would act through the same worker). `set` (a
 * login, a logout) supersedes both. The sources are those of the first render: main.tsx renders
 * the popup once, with the requests it already started.
 */
export function useWalletState(
  load: () => Promise<WalletState>,
  snapshot: () => Promise<WalletState | null>,
): [AsyncState<WalletState>, () => void, (value: WalletState) => void] {
  return useAsync(load, [], { early: snapshot, same: sameData });
}
