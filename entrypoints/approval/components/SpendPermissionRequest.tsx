import type { JSX } from 'preact';
import type { SpendPermissionApproval } from '../../../lib/extension/approvals/index.ts';
import {
  grantAmount,
  grantDate,
  periodInWords,
} from '../../../lib/extension/spend-permissions/index.ts';
import { displayOrigin, SpokenAddress } from '../../../lib/extension/ui/index.ts';
import { formatNative, formatNativeRounded } from '../../../lib/transactions/index.ts';
import { LimitPrompt } from './LimitPrompt.tsx';

interface Props {
  details: SpendPermissionApproval;
  origin: string;
  password: string;
  onPassword(value: string): void;
  disabled: boolean;
}

/**
 * A spend permission in plain words: who may take (the site's session account), how much each
 * period in the token's own units (read from the chain), from when until when, and the most it
 * can take in total; the one-time upgrade with its fee when the address needs it; the password
 * under a daily limit. Every line comes from the grant the worker signs.
 */
export function SpendPermissionRequest({
  details,
  origin,
  password,
  onPassword,
  disabled,
}: Props): JSX.Element {
  const { grant, currency } = details;
  const site = displayOrigin(origin);
  const perPeriod = `${grantAmount(grant.periodAmount, grant.token)} ${periodInWords(grant.periodSeconds)}`;
  const total = grantAmount(grant.maxTotal, grant.token);
  const periods = grant.periods === 1 ? '1 period' : `${grant.periods} periods`;
  const upgrade = details.upgrade;
  return (
    <section class="card tx" data-testid="grant">
      <h2 class="tx-summary" data-testid="grant-summary">
        {site} may take up to {perPeriod} from your balance, without asking each time
      </h2>
      {grant.justification && (
        <p class="muted" data-testid="grant-justification">
          The site says why: “{grant.justification}”
        </p>
      )}
      <dl class="kv tx-facts">
        <div>
          <dt>Taken by</dt>
          <dd data-testid="grant-redeemer">
            <code class="hex" aria-hidden="true">
              {grant.redeemer}
            </code>
            <SpokenAddress address={grant.redeemer} />, the site's own account: no one else can take
          </dd>
        </div>
        <div>
          <dt>Each period</dt>
          <dd data-testid="grant-amount">{perPeriod}</dd>
        </div>
        <div>
          <dt>Token</dt>
          <dd data-testid="grant-token">
            {grant.token.kind === 'native' ? (
              `${grant.token.symbol}, the currency of ${details.chain.name}`
            ) : (
              <>
                {grant.token.symbol ?? 'A token with no readable symbol'}, the token contract{' '}
                <code class="hex" aria-hidden="true">
                  {grant.token.address}
                </code>
                <SpokenAddress address={grant.token.address} /> (its name and units as the contract
                answers them)
              </>
            )}
          </dd>
        </div>
        <div>
          <dt>Starts</dt>
          <dd data-testid="grant-start">{grant.startsNow ? 'from now' : grantDate(grant.start)}</dd>
        </div>
        <div>
          <dt>Ends</dt>
          <dd data-testid="grant-end">{grantDate(grant.expiry)}: nothing can be taken after</dd>
        </div>
        <div>
          <dt>At most</dt>
          <dd data-testid="grant-total">
            {total} in total ({periods} until it ends)
          </dd>
        </div>
        <div>
          <dt>Chain</dt>
          <dd>
            {details.chain.name} ({details.chain.id})
          </dd>
        </div>
        <div>
          <dt>From</dt>
          <dd class="mono hex">{details.address}</dd>
        </div>
      </dl>
      {upgrade && (
        <p class="tx-upgrade" data-testid="grant-upgrade">
          <strong>One-time upgrade of your account first.</strong> So that the site can take what
          you grant, your address will run Encore's own account contract (
          <span class="mono hex">{upgrade.delegate}</span>)
          {upgrade.replaces ? `, instead of the one it runs now (${upgrade.replaces})` : ''}. It
          stays your address and only your key controls it. This is a transaction from your balance:
          fee about {formatNativeRounded(BigInt(upgrade.review.feeEstimateWei), currency)}, at most{' '}
          {formatNativeRounded(BigInt(upgrade.review.maxFeeWei), currency, 'up')}. The permission is
          given once it is mined.
        </p>
      )}
      <p class="muted" data-testid="grant-revoke-note">
        The chain enforces each limit above. You can revoke the permission at any time in Encore.
      </p>
      <LimitPrompt
        spending={details.spending}
        currency={currency}
        verb="grant it"
        overLimit={
          details.spending.limitWei === null
            ? undefined
            : `The most this permission can take (${grant.token.kind === 'native' ? total : 'its tokens'}${upgrade ? ', with the upgrade’s fee' : ''}) is more than what is left today of your daily limit of ${formatNative(BigInt(details.spending.limitWei), currency)}.`
        }
        password={password}
        onPassword={onPassword}
        disabled={disabled}
      />
    </section>
  );
}
