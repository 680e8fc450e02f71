// The refusals POST /sponsor and the ERC-7677 paymaster share: a day's budget used up, and an
// account with another operation on its way. One wording, one code each, whichever endpoint asks.
import type { SponsorBudget } from '../store/sponsor-store.ts';
import { SponsorError } from './sponsor-error.ts';

/** When an account with an operation on its way may ask again. */
const ACCOUNT_BUSY_RETRY_SECONDS = 15;

const BUDGET_REFUSALS: Record<
  SponsorBudget,
  ['SPONSOR_LISTENER_BUDGET' | 'SPONSOR_CLIENT_BUDGET' | 'SPONSOR_DAILY_BUDGET', string]
> = {
  listener: ['SPONSOR_LISTENER_BUDGET', 'this account has used the operations paid for it today'],
  client: [
    'SPONSOR_CLIENT_BUDGET',
    'this client address has used the operations paid for it today',
  ],
  daily: ['SPONSOR_DAILY_BUDGET', 'the sponsor has paid for all the operations it pays for today'],
};

/** `budget` is used up for the day; `retryAfterSeconds` when asking again later can help. */
export function budgetRefusal(budget: SponsorBudget, retryAfterSeconds?: number): SponsorError {
  const [code, message] = BUDGET_REFUSALS[budget];
  return new SponsorError(code, message, { retryAfterSeconds });
}

/**
 * Another operation of the account is on its way: the next is simulated once it is in a block.
 * `secondsLeft`, when known, is how long until that operation's deadline passes: one the chain
 * dropped holds the account that long, and the listener is told so.
 */
export function accountBusy(secondsLeft?: number): SponsorError {
  const until =
    secondsLeft === undefined
      ? ''
      : `, or in ${Math.max(0, Math.ceil(secondsLeft))} s, when it can no longer run if it was dropped`;
  return new SponsorError(
    'SPONSOR_ACCOUNT_BUSY',
    `another operation of this account is on its way; send this one once it is in a block${until}`,
    { retryAfterSeconds: ACCOUNT_BUSY_RETRY_SECONDS },
  );
}
