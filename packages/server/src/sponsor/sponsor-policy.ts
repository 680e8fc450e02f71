// What the sponsor pays for, judged on the batch an operation stands for before any chain read:
// how many calls, which contracts and functions, how far away the deadline is, how much gas.
import type { CallBatch } from '@encore-wallet/calls';
import { allowedEntryFor } from './allowed-calls.ts';
import type { SponsorOptions } from './sponsor-config.ts';
import { SponsorError } from './sponsor-error.ts';

/** `chainSeconds`: the latest block's timestamp (the next block's is later). */
export function checkPolicy(batch: CallBatch, options: SponsorOptions, chainSeconds: number): void {
  if (batch.calls.length > options.maxCalls) {
    throw new SponsorError(
      'SPONSOR_TOO_MANY_CALLS',
      `this sponsor pays for at most ${options.maxCalls} calls in one operation`,
    );
  }
  batch.calls.forEach((call, index) => {
    if (!allowedEntryFor(options.allowedCalls, call)) {
      const fn = call.data.length >= 10 ? call.data.slice(0, 10) : 'no function';
      throw new SponsorError(
        'SPONSOR_CALL_NOT_ALLOWED',
        `calls[${index}]: this sponsor does not pay for ${fn} on ${call.to}`,
      );
    }
  });
  checkDeadline(batch.deadline, options, chainSeconds);
  const gas =
    batch.gas.callGasLimit + batch.gas.verificationGasLimit + batch.gas.preVerificationGas;
  if (gas > options.maxGas) {
    throw new SponsorError(
      'SPONSOR_TOO_MUCH_GAS',
      `the operation asks for ${gas} gas; this sponsor pays for at most ${options.maxGas}`,
    );
  }
}

/**
 * An operation's deadline (its nonce key) is ahead, and at most SPONSOR_MAX_DEADLINE_SECONDS
 * ahead: what the sponsor signs or claims can no longer run, and holds nothing, soon after.
 */
export function checkDeadline(
  deadline: number,
  options: Pick<SponsorOptions, 'maxDeadlineSeconds'>,
  chainSeconds: number,
): void {
  if (deadline <= chainSeconds) {
    throw new SponsorError('SPONSOR_BAD_DEADLINE', 'the operation’s deadline has passed');
  }
  if (deadline > chainSeconds + options.maxDeadlineSeconds) {
    throw new SponsorError(
      'SPONSOR_BAD_DEADLINE',
      `the operation’s deadline may lie at most ${options.maxDeadlineSeconds} s ahead`,
    );
  }
}
