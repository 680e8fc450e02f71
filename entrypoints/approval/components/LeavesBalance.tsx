import type { JSX } from 'preact';
import {
  type CallDescription,
  describeOutflow,
  type NativeCurrency,
  outflowOf,
} from '../../../lib/transactions/index.ts';

/**
 * One line of the window's facts, in every request that can take from the balance: the chain's
 * currency the calls send and each token they move or let another address move (fees are on
 * their own line), whoever pays the fee.
 */
export function LeavesBalance(props: {
  calls: readonly { to: string | null; value: string; call: CallDescription }[];
  account: string;
  currency: NativeCurrency;
  /** What the fee line says besides, e.g. "and the fee". */
  besides?: string;
}): JSX.Element {
  const lines = describeOutflow(outflowOf(props.calls, props.account), props.currency);
  return (
    <div>
      <dt>Leaves your balance</dt>
      <dd data-testid="leaves-balance">
        {lines.length === 0 ? (
          `nothing${props.besides ? ` but ${props.besides}` : ''}`
        ) : (
          <ul class="tx-args">
            {lines.map((line, index) => (
              <li key={index}>{line}</li>
            ))}
            {props.besides && <li class="muted">and {props.besides}</li>}
          </ul>
        )}
      </dd>
    </div>
  );
}
