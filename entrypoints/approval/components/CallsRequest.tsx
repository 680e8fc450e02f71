import type { JSX } from 'preact';
import type { CallsApproval } from '../../../lib/extension/approvals/index.ts';
import { formatNative } from '../../../lib/transactions/index.ts';
import { CallLines } from './CallLines.tsx';

const ETHER = { symbol: 'ETH', decimals: 18 };

/**
 * A batch of calls a sponsor pays for: every call, in order, as one all-or-nothing operation
 * from the listener's address; who pays; the one-time upgrade when the account needs it; and
 * until when it may run. Derived from the batch the worker signs.
 */
export function CallsRequest({ details }: { details: CallsApproval }): JSX.Element {
  const deadline = new Date(details.deadline * 1000).toLocaleTimeString(undefined, {
    hour: '2-digit',
    minute: '2-digit',
  });
  return (
    <section class="card tx" data-testid="calls">
      <h2 class="tx-summary" data-testid="calls-summary">
        {details.calls.length === 1 ? '1 call' : `${details.calls.length} calls, all or none`}, paid
        by {details.paidBy.host}
      </h2>
      {details.upgrade && (
        <p class="tx-upgrade" data-testid="calls-upgrade">
          <strong>One-time upgrade of your account.</strong> Your address will run Encore's own
          account contract (<span class="mono">{details.upgrade.delegate}</span>) so that calls can
          be batched and paid for by others. It stays your address and only your key controls it.
          {details.upgrade.replaces
            ? ` It replaces the contract your address runs now (${details.upgrade.replaces}).`
            : ''}
        </p>
      )}
      <ol class="calls-list" data-testid="calls-list">
        {details.calls.map((call, index) => (
          <li key={index} class="calls-item" data-testid="calls-item">
            <p class="calls-item-summary">{call.summary}</p>
            <p class="calls-item-detail">
              <CallLines call={call.call} to={call.to} currency={ETHER} />
            </p>
            {call.value !== '0' && (
              <p class="calls-item-detail">
                Sends {formatNative(BigInt(call.value), ETHER)} from your balance
              </p>
            )}
          </li>
        ))}
      </ol>
      <dl class="kv tx-facts">
        <div>
          <dt>Chain</dt>
          <dd data-testid="calls-chain">
            {details.chain.name} ({details.chain.id})
          </dd>
        </div>
        <div>
          <dt>Fee</dt>
          <dd data-testid="calls-paid-by">
            paid by {details.paidBy.host}: nothing from your balance
          </dd>
        </div>
        <div>
          <dt>Simulated</dt>
          <dd>the sponsor ran the whole batch before offering to pay: it succeeds</dd>
        </div>
        <div>
          <dt>Valid until</dt>
          <dd>{deadline}, then it can no longer run</dd>
        </div>
        <div>
          <dt>From</dt>
          <dd class="mono">{details.address}</dd>
        </div>
      </dl>
    </section>
  );
}
