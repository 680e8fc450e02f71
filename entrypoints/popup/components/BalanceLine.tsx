import type { JSX } from 'preact';
import { useEffect } from 'preact/hooks';
import { describeError, useAsync } from '../../../lib/extension/ui/index.ts';
import { formatNativeRounded } from '../../../lib/transactions/index.ts';
import { sendMessage } from './api.ts';
import { sameData } from './same-data.ts';

/**
 * How often the open popup reads the balance again: about a block's time on Ethereum, so a
 * payment that arrives while the popup is open (the funding hook's, after sign-up) shows in it.
 */
export const FOLLOW_CHAIN_MS = 4_000;

/**
 * The account's balance on the current chain, read when the popup opens and again every
 * FOLLOW_CHAIN_MS while it is open and in view (an unchanged answer renders nothing). A live
 * region: the amount replacing "Balance…" (or a new reading) is announced. Asked for
 * after the address is on screen and never waited for: the address does not depend on the chain.
 */
export function BalanceLine(props: { account: string }): JSX.Element {
  const [balance, reload] = useAsync(() => sendMessage('wallet.balance'), [props.account], {
    same: sameData,
  });
  useEffect(() => {
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') reload();
    }, FOLLOW_CHAIN_MS);
    return () => clearInterval(timer);
  }, [reload]);
  if (balance.status === 'loading') {
    return (
      <p class="balance muted" data-testid="balance" aria-live="polite" aria-busy="true">
        Balance…
      </p>
    );
  }
  if (balance.status === 'error') {
    return (
      <p class="balance muted" data-testid="balance" aria-live="polite">
        Balance unknown: {describeError(balance.error)}
      </p>
    );
  }
  const { chain, wei, unreadable, elsewhere } = balance.value;
  // Not readable here, but the money is somewhere Encore can read: say where, not "unknown".
  if (wei === null && elsewhere.length > 0) {
    return (
      <div class="balance" data-testid="balance" aria-live="polite">
        {elsewhere.map((held) => (
          <p key={held.chain.id} data-testid="balance-elsewhere">
            <strong data-testid="balance-amount">
              {formatNativeRounded(BigInt(held.wei), held.chain.currency)}
            </strong>{' '}
            <span class="muted">on {held.chain.name}</span>
          </p>
        ))}
        <p class="muted small" title={unreadable ?? undefined}>
          Encore cannot read {chain.name}, the chain sites see now.
        </p>
      </div>
    );
  }
  return wei === null ? (
    <p
      class="balance muted"
      data-testid="balance"
      aria-live="polite"
      title={unreadable ?? undefined}
    >
      Balance unknown: {unreadable}
    </p>
  ) : (
    <p class="balance" data-testid="balance" aria-live="polite">
      <strong data-testid="balance-amount">
        {formatNativeRounded(BigInt(wei), chain.currency)}
      </strong>{' '}
      <span class="muted">on {chain.name}</span>
    </p>
  );
}
