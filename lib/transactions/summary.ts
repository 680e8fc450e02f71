// One line saying what a transaction does, for the Activity list and the window's title. Built
// from the same description the window shows in full; a function the bundled list knows is
// named as "looks like", since a selector match is not proof.

import { formatNative, formatTokenAmount, type NativeCurrency, shortAddress } from './amounts.ts';
import type { CanonicalTransaction } from './canonical.ts';
import type { CallDescription, DecodedArgument, TokenCall } from './decode/describe-call.ts';
import { approvalSize } from './warnings.ts';

function tokenName(call: TokenCall): string {
  return call.token.symbol ?? `the token at ${shortAddress(call.token.address)}`;
}

function tokenSummary(call: TokenCall): string {
  const to = shortAddress(call.counterparty);
  const amount =
    call.amounts.length === 1
      ? formatTokenAmount(BigInt(call.amounts[0] ?? '0'), call.token)
      : `${call.amounts.length} amounts of ${tokenName(call)}`;
  const ids =
    call.tokenIds.length === 1 ? `#${call.tokenIds[0]}` : `${call.tokenIds.length} tokens`;
  switch (call.fn) {
    case 'transfer':
      return `Send ${amount} to ${to}`;
    case 'transferFrom':
    case 'safeTransferFrom':
    case 'safeBatchTransferFrom': {
      const what =
        call.token.standard === 'erc721'
          ? `${tokenName(call)} ${ids}`
          : call.tokenIds.length > 0
            ? `${tokenName(call)} ${ids}`
            : amount;
      const from = call.owner === null ? '' : ` from ${shortAddress(call.owner)}`;
      return `Move ${what}${from} to ${to}`;
    }
    case 'approve':
    case 'increaseAllowance': {
      const size = approvalSize(call);
      if (call.amounts.length === 0) return `Let ${to} move ${tokenName(call)} ${ids}`;
      if (size === 'unlimited') return `Let ${to} spend unlimited ${tokenName(call)}`;
      return `Let ${to} spend ${amount}`;
    }
    case 'setApprovalForAll':
      return call.approved
        ? `Let ${to} move all your ${tokenName(call)}`
        : `Stop ${to} moving your ${tokenName(call)}`;
  }
}

/** How much of one argument, and of all of them, a one-line summary shows. */
const MAX_SUMMARY_ARGUMENT = 24;
const MAX_SUMMARY_ARGUMENTS = 60;

/** An invisible or direction-changing character, spelled out: the line reads as it is stored. */
function visible(text: string): string {
  return text.replace(
    /[\p{Cc}\p{Cf}]/gu,
    (c) => `⟨U+${(c.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}⟩`,
  );
}

function cut(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** A known function's arguments as one short, readable list: ("X9aRe"), (0x1199…6484, 5). */
function argumentList(args: readonly DecodedArgument[]): string {
  const shown = args.map((arg) => {
    if (arg.type === 'address') return shortAddress(arg.value);
    const value = cut(visible(arg.value), MAX_SUMMARY_ARGUMENT);
    return arg.type === 'string' ? `"${value}"` : value;
  });
  return `(${cut(shown.join(', '), MAX_SUMMARY_ARGUMENTS)})`;
}

export function summarize(
  tx: CanonicalTransaction,
  call: CallDescription,
  currency: NativeCurrency,
): string {
  const value = BigInt(tx.value);
  const withValue = value > 0n ? ` with ${formatNative(value, currency)}` : '';
  switch (call.kind) {
    case 'native':
      return `Send ${formatNative(value, currency)} to ${shortAddress(tx.to ?? '')}`;
    case 'create':
      return `Deploy a contract${withValue}`;
    case 'token':
      return `${tokenSummary(call)}${withValue}`;
    case 'known':
      return `Call ${call.signature.split('(')[0]}${argumentList(call.args)} on ${shortAddress(tx.to ?? '')}${withValue}`;
    case 'unknown':
      return `Call ${call.selector} on ${shortAddress(tx.to ?? '')}${withValue}`;
  }
}
