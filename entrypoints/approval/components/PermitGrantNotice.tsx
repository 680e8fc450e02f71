import type { JSX } from 'preact';
import type { PermitApproval } from '../../../lib/extension/approvals/index.ts';
import { Field } from '../../../lib/extension/ui/index.ts';
import { formatUnitsExact, type PermitToken } from '../../../lib/transactions/index.ts';
import { Warning } from './Warning.tsx';

/** Unix seconds, as a date the person can read. */
function when(seconds: string | null): string {
  if (seconds === null) return 'not set';
  const at = BigInt(seconds);
  // Beyond what a Date holds (year 275760): as good as never.
  if (at > 8_640_000_000_000n) return `never (${seconds})`;
  return `${new Date(Number(at) * 1000).toISOString().replace('T', ' ').slice(0, 16)} UTC`;
}

/**
 * When the allowance ends. Permit2 reads an expiration of 0 as the time of the block the permit
 * is used in: the spender can take the tokens in that block (at once), not in 1970.
 */
function allowanceEnd(grant: PermitApproval['grant']): string {
  if (grant.expiry === null) return 'no end: until spent or revoked';
  if (grant.kind === 'permit2-allowance' && grant.expiry === '0') {
    return 'the block the permit is used in (Permit2 reads an expiration of 0 so): enough for the spender to take the tokens at once';
  }
  return when(grant.expiry);
}

/**
 * The amount granted: in the token's own units when its symbol and decimals were read (the
 * contract's claim, beside the raw number), else raw units, said plainly.
 */
function amountOf(token: PermitToken, infos: PermitApproval['tokenInfo']): string {
  if (token.tokenId !== null) return `token #${token.tokenId}`;
  if (token.uncapped) return 'everything, without a cap';
  const raw = token.amount ?? '?';
  const info = token.token ? infos?.[token.token.toLowerCase()] : undefined;
  if (infos === undefined) {
    return `${raw} raw units (not read: the permit is not for the current chain)`;
  }
  if (info === undefined) {
    return `${raw} raw units (not read: the permit names more tokens than Encore reads)`;
  }
  if (info.decimals === null || token.amount === null) {
    return `${raw} raw units (the token did not say its decimals)`;
  }
  const unit = info.symbol ?? 'units of the token';
  return `${formatUnitsExact(BigInt(token.amount), info.decimals)} ${unit} (as the token counts: ${info.decimals} decimals; ${raw} raw units)`;
}

/**
 * What a permit signature lets another address take, said plainly above the typed data, and the
 * password field when the permit's chain has a daily limit (the rule for token approvals sent in
 * a transaction).
 */
export function PermitGrantNotice(props: {
  permit: PermitApproval;
  password: string;
  onPassword(value: string): void;
  disabled: boolean;
}): JSX.Element {
  const { grant, passwordRequired } = props.permit;
  const transfer = grant.effect === 'transfer';
  return (
    <div class="permit" data-testid="permit">
      <Warning testId="permit-warning">
        {grant.kind === 'eip3009'
          ? 'This signature sends these tokens from your account to the recipient below, without another question: the site (or anyone holding it) can send it itself.'
          : transfer
            ? 'This signature lets the spender below take these tokens from your account, without another question: the site can send it itself.'
            : 'This signature is a token approval: the spender below may take these tokens from your account later, without another question. The site can send it itself.'}
        {grant.uncapped && ' It grants them without a cap.'}
      </Warning>
      <dl class="kv tx-facts">
        {grant.tokens.map((token, i) => (
          <div key={`${token.token}-${i}`}>
            <dt>Token</dt>
            <dd data-testid="permit-token">
              <span class="mono hex">
                {token.token ?? 'not named (the domain has no contract)'}
              </span>
              : {amountOf(token, props.permit.tokenInfo)}
            </dd>
          </div>
        ))}
        <div>
          <dt>{grant.kind === 'eip3009' ? 'Recipient' : 'Spender'}</dt>
          <dd class="mono hex" data-testid="permit-spender">
            {grant.spender}
          </dd>
        </div>
        {!transfer && (
          <div>
            <dt>Until</dt>
            <dd data-testid="permit-expiry">{allowanceEnd(grant)}</dd>
          </div>
        )}
        <div>
          <dt>Signature valid until</dt>
          <dd data-testid="permit-deadline">{when(grant.deadline)}</dd>
        </div>
      </dl>
      {passwordRequired !== null && (
        <div class="tx-limit" data-testid="tx-limit">
          <p>
            {passwordRequired === 'unlimited-approval'
              ? 'This grants an approval without a cap, so it is over any daily spending limit.'
              : 'This lets another address take tokens from your account. Encore cannot tell what a token is worth, so under a daily spending limit every such request needs your password.'}{' '}
            Type your password to sign it anyway.
          </p>
          <Field
            label="Password"
            type="password"
            value={props.password}
            onInput={props.onPassword}
            testId="tx-password"
            autoComplete="current-password"
            disabled={props.disabled}
          />
        </div>
      )}
    </div>
  );
}
