import type { JSX } from 'preact';
import type { SpendingState } from '../../../lib/extension/approvals/index.ts';
import { Field } from '../../../lib/extension/ui/index.ts';
import {
  formatNative,
  formatNativeRounded,
  type NativeCurrency,
} from '../../../lib/transactions/index.ts';

/**
 * Why this request takes the password, and the field for it: over the daily limit, an approval
 * without a cap, or tokens leaving the account (any amount, under a limit).
 */
export function LimitPrompt(props: {
  spending: SpendingState;
  currency: NativeCurrency;
  /** "send it" or "run it". */
  verb: string;
  /** What the request counts against the limit, when it is not simply sent now (a grant). */
  overLimit?: string;
  password: string;
  onPassword(value: string): void;
  disabled: boolean;
}): JSX.Element | null {
  const { spending, currency } = props;
  if (spending.passwordRequired === null || spending.limitWei === null) return null;
  const why =
    spending.passwordRequired === 'unlimited-approval'
      ? 'This grants an approval without a cap, so it is over any daily spending limit.'
      : spending.passwordRequired === 'tokens'
        ? 'This moves tokens from your account or lets another address move them. Encore cannot tell what a token is worth, so under a daily spending limit every such request needs your password.'
        : props.overLimit !== undefined
          ? props.overLimit
          : `This would take today's spending to ${formatNativeRounded(BigInt(spending.spentWei) + BigInt(spending.costWei), currency, 'up')}, over your daily limit of ${formatNative(BigInt(spending.limitWei), currency)}.`;
  return (
    <div class="tx-limit" data-testid="tx-limit">
      <p>
        {why} Type your password to {props.verb} anyway.
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
  );
}
