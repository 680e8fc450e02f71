import type { JSX } from 'preact';
import type { TransactionApproval } from '../../../lib/extension/approvals/index.ts';
import { ShortForms } from '../../../lib/extension/ui/index.ts';
import { formatNative, formatNativeRounded } from '../../../lib/transactions/index.ts';
import { CallLines } from './CallLines.tsx';
import { LeavesBalance } from './LeavesBalance.tsx';
import { LimitPrompt } from './LimitPrompt.tsx';
import { Warning } from './Warning.tsx';

interface Props {
  details: TransactionApproval;
  password: string;
  onPassword(value: string): void;
  disabled: boolean;
}

/**
 * A transaction, in the order a person checks it: the chain, what the call does, the value, the
 * fee, the balance after. Every line comes from `details.review`, whose `transaction` is exactly
 * what is signed.
 */
export function TransactionRequest({
  details,
  password,
  onPassword,
  disabled,
}: Props): JSX.Element {
  const { review, chain, spending } = details;
  const tx = review.transaction;
  const currency = review.currency;
  const native = (wei: string | bigint): string => formatNative(BigInt(wei), currency);
  const about = (wei: string | bigint, direction: 'nearest' | 'up' = 'nearest'): string =>
    formatNativeRounded(BigInt(wei), currency, direction);
  return (
    <section class="card tx" data-testid="transaction">
      <h2 class="tx-summary" data-testid="tx-summary">
        <ShortForms text={review.summary} />
      </h2>
      {review.warnings.map((warning) => (
        <Warning key={warning.kind} testId={`tx-warning-${warning.kind}`}>
          {warning.message}
        </Warning>
      ))}
      {review.simulation.outcome === 'revert' && (
        <p class="tx-revert" data-testid="tx-revert-reason">
          Why: {review.simulation.reason.text}
        </p>
      )}
      {review.simulation.outcome === 'unavailable' && (
        <p class="muted" data-testid="tx-simulation-unavailable">
          Encore could not simulate this transaction ({review.simulation.why}), so it cannot say
          whether it will succeed.
        </p>
      )}
      <dl class="kv tx-facts">
        <div>
          <dt>Chain</dt>
          <dd data-testid="tx-chain">
            {chain.name} ({chain.id})
          </dd>
        </div>
        <div>
          <dt>Does</dt>
          <dd data-testid="tx-call">
            <CallLines call={review.call} to={tx.to} currency={currency} />
          </dd>
        </div>
        <div>
          <dt>Value</dt>
          <dd data-testid="tx-value">{native(tx.value)}</dd>
        </div>
        <div>
          <dt>Fee</dt>
          <dd data-testid="tx-fee">
            about {about(review.feeEstimateWei)}, at most {about(review.maxFeeWei, 'up')}
          </dd>
        </div>
        <LeavesBalance
          calls={[{ to: tx.to, value: tx.value, call: review.call }]}
          account={tx.from}
          currency={currency}
          besides="the fee"
        />
        <div>
          <dt>Balance after</dt>
          <dd data-testid="tx-balance-after">
            {review.balanceAfterWei === null
              ? 'unknown (the chain did not say the balance)'
              : BigInt(review.balanceAfterWei) < 0n
                ? `not enough: the balance is ${about(review.balanceWei ?? '0')}`
                : `about ${about(review.balanceAfterWei)}`}
          </dd>
        </div>
        <div>
          <dt>From</dt>
          <dd class="mono hex" data-testid="tx-from">
            {tx.from}
          </dd>
        </div>
        {tx.nonce !== null && (
          <div>
            <dt>Nonce</dt>
            <dd data-testid="tx-nonce">
              {details.replacesPending
                ? `${tx.nonce}: replaces your pending transaction ${tx.nonce} from this site`
                : `${tx.nonce} (set by the site)`}
            </dd>
          </div>
        )}
      </dl>
      {details.replacesPending && (
        <Warning testId="tx-replaces">
          This replaces your pending transaction {tx.nonce}, which this site sent: only one of the
          two will run (a speed-up or a cancel).
        </Warning>
      )}
      {tx.data !== '0x' && (
        <details class="tx-data">
          <summary>Data ({(tx.data.length - 2) / 2} bytes)</summary>
          <pre class="message-body mono hex" data-testid="tx-data">
            {tx.data}
          </pre>
        </details>
      )}
      <LimitPrompt
        spending={spending}
        currency={currency}
        verb="send it"
        password={password}
        onPassword={onPassword}
        disabled={disabled}
      />
    </section>
  );
}
