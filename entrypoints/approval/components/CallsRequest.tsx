import type { JSX } from 'preact';
import type {
  CallsApproval,
  OwnCallsApproval,
  SponsoredCallsApproval,
} from '../../../lib/extension/approvals/index.ts';
import { ShortForms } from '../../../lib/extension/ui/index.ts';
import { formatNative, formatNativeRounded } from '../../../lib/transactions/index.ts';
import { CallLines } from './CallLines.tsx';
import { LeavesBalance } from './LeavesBalance.tsx';
import { LimitPrompt } from './LimitPrompt.tsx';
import { LocalNetworkWarning } from './LocalNetworkWarning.tsx';
import { LocalServiceNote } from './LocalServiceNote.tsx';
import { PaymasterFacts } from './PaymasterFacts.tsx';
import { Warning } from './Warning.tsx';

interface Props {
  details: CallsApproval;
  password: string;
  onPassword(value: string): void;
  disabled: boolean;
}

/**
 * A batch of calls: every call, in order, as one all-or-nothing run from the listener's address;
 * what leaves the balance (whoever pays the fee), in the chain's own currency; who pays (the
 * site's sponsor, or the listener, with the fee and the balance after); who says the batch
 * succeeds; the one-time upgrade when the account needs it. Derived from the batch the worker
 * signs.
 */
export function CallsRequest({ details, password, onPassword, disabled }: Props): JSX.Element {
  const own = details.payment === 'own' ? details : null;
  const sponsored = details.payment === 'sponsor' ? details : null;
  const currency = details.currency;
  const count =
    details.calls.length === 1 ? '1 call' : `${details.calls.length} calls, all or none`;
  return (
    <section class="card tx" data-testid="calls">
      <h2 class="tx-summary" data-testid="calls-summary">
        {count},{' '}
        {details.payment === 'sponsor'
          ? `paid by ${details.paidBy.host}`
          : 'paid from your balance'}
      </h2>
      {sponsored?.paidBy.recognized ? (
        <LocalServiceNote
          host={sponsored.paidBy.host}
          recognized={sponsored.paidBy.recognized}
          service={sponsored.paymasterService ? 'paymaster' : 'sponsor'}
        />
      ) : (
        sponsored?.paidBy.localNetwork && (
          <LocalNetworkWarning
            subject="The sponsor's URL"
            runs="this sponsor"
            testId="calls-sponsor-local-network"
          />
        )
      )}
      {own?.review.warnings.map((warning) => (
        <Warning key={warning.kind} testId={`tx-warning-${warning.kind}`}>
          {warning.message}
        </Warning>
      ))}
      {own?.review.simulation.outcome === 'revert' && (
        <p class="tx-revert" data-testid="tx-revert-reason">
          Why: {own.review.simulation.reason.text}
        </p>
      )}
      {sponsored?.simulation.outcome === 'revert' && (
        <Warning testId="calls-warning-WILL_REVERT">
          Encore ran this batch itself at the latest block and it fails (
          {sponsored.simulation.reason.text}), whatever the sponsor says. Nothing of it would take
          effect.
        </Warning>
      )}
      {details.upgrade && (
        <p class="tx-upgrade" data-testid="calls-upgrade">
          <strong>One-time upgrade of your account.</strong> Your address will run Encore's own
          account contract (<span class="mono hex">{details.upgrade.delegate}</span>) so that calls
          can be batched{details.payment === 'sponsor' ? ' and paid for by others' : ''}. It stays
          your address and only your key controls it.
          {details.upgrade.replaces
            ? ` It replaces the contract your address runs now (${details.upgrade.replaces}).`
            : ''}
        </p>
      )}
      <ol class="calls-list" data-testid="calls-list">
        {details.calls.map((call, index) => (
          <li key={index} class="calls-item" data-testid="calls-item">
            <p class="calls-item-summary">
              <ShortForms text={call.summary} />
            </p>
            {call.warnings.map((warning) => (
              <Warning key={warning.kind} testId={`calls-warning-${warning.kind}`}>
                {warning.message}
              </Warning>
            ))}
            <p class="calls-item-detail">
              <CallLines call={call.call} to={call.to} currency={currency} />
            </p>
            {call.value !== '0' && (
              <p class="calls-item-detail">
                Sends {formatNative(BigInt(call.value), currency)} from your balance
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
        <LeavesBalance
          calls={details.calls}
          account={details.address}
          currency={currency}
          besides={own ? 'the fee' : undefined}
        />
        {details.payment === 'sponsor' ? (
          <SponsoredFacts details={details} />
        ) : (
          <OwnFacts details={details} />
        )}
        <div>
          <dt>From</dt>
          <dd class="mono hex">{details.address}</dd>
        </div>
      </dl>
      <LimitPrompt
        spending={details.spending}
        currency={currency}
        verb="run it"
        password={password}
        onPassword={onPassword}
        disabled={disabled}
      />
    </section>
  );
}

function SponsoredFacts({ details }: { details: SponsoredCallsApproval }): JSX.Element {
  const deadline = new Date(details.deadline * 1000).toLocaleTimeString(undefined, {
    hour: '2-digit',
    minute: '2-digit',
  });
  return (
    <>
      <div>
        <dt>Fee</dt>
        <dd data-testid="calls-paid-by">
          paid by {details.paidBy.host}: nothing from your balance
        </dd>
      </div>
      {details.paymasterService && (
        <PaymasterFacts host={details.paidBy.host} bundler={details.paymasterService.bundler} />
      )}
      <div>
        <dt>Simulated</dt>
        <dd data-testid="calls-simulation">{sponsoredSimulation(details)}</dd>
      </div>
      <div>
        <dt>Checked</dt>
        <dd data-testid="calls-sponsor-check">
          by {details.paidBy.host} once you approve: it runs the whole batch first, and if it says
          the batch would fail, nothing is sent
        </dd>
      </div>
      <div>
        <dt>Valid until</dt>
        <dd>{deadline}, then it can no longer run</dd>
      </div>
    </>
  );
}

/**
 * Who says what of the batch before the approval: Encore's own run only (the sponsor is asked
 * nothing until the person approves, and its check then is the "Checked" line).
 */
export function sponsoredSimulation(details: SponsoredCallsApproval): string {
  const { simulation } = details;
  switch (simulation.outcome) {
    case 'success':
      return 'by Encore, at the latest block: it succeeds';
    case 'revert':
      return 'by Encore, at the latest block: it fails';
    case 'unavailable':
      return `Encore could not run it itself (${simulation.why}); only ${details.paidBy.host} checks it, once you approve`;
  }
}

function OwnFacts({ details }: { details: OwnCallsApproval }): JSX.Element {
  const { review } = details;
  const about = (wei: string | bigint, direction: 'nearest' | 'up' = 'nearest'): string =>
    formatNativeRounded(BigInt(wei), review.currency, direction);
  return (
    <>
      <div>
        <dt>Value</dt>
        <dd data-testid="tx-value">{formatNative(BigInt(details.valueWei), review.currency)}</dd>
      </div>
      <div>
        <dt>Fee</dt>
        <dd data-testid="tx-fee">
          about {about(review.feeEstimateWei)}, at most {about(review.maxFeeWei, 'up')}
        </dd>
      </div>
      <div>
        <dt>Simulated</dt>
        <dd data-testid="calls-simulation">
          {review.simulation.outcome === 'success'
            ? 'the whole batch, at the latest block: it succeeds'
            : review.simulation.outcome === 'revert'
              ? 'the whole batch would fail: every call is undone and the fee is still spent'
              : `could not be run (${review.simulation.why})`}
        </dd>
      </div>
      <div>
        <dt>Balance after</dt>
        <dd data-testid="tx-balance-after">
          {details.balanceAfterWei === null
            ? 'unknown (the chain did not say the balance)'
            : BigInt(details.balanceAfterWei) < 0n
              ? `not enough: the balance is ${about(review.balanceWei ?? '0')}`
              : `about ${about(details.balanceAfterWei)}`}
        </dd>
      </div>
    </>
  );
}
