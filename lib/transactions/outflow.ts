// What a call can take out of the listener's holdings: the chain's currency it sends, and the
// tokens it moves or lets another address move. Read from the decoded call (describe-call.ts),
// the same way whether the call is a transaction of its own or one call of a batch (where the
// account is msg.sender too). The daily limit and the window both start from this.
//
// Token outflows are: a transfer of a non-zero amount; a transferFrom or safe transfer of the
// account's own tokens (an NFT, or a non-zero amount); an approve or increaseAllowance of a
// non-zero amount or of an NFT; setApprovalForAll(true) (and ERC-777's authorizeOperator); an
// EIP-2612 or DAI-style permit whose owner is the account; Permit2's own `approve` (of the token
// it names); and any of these among the calls a `multicall` makes of its own contract. Moving another holder's tokens (transferFrom with someone else as
// owner) takes nothing of the account's. A token's own non-standard function is not read: the
// window shows it as a call Encore cannot read.

import {
  formatNative,
  formatUnitsExact,
  LARGE_APPROVAL,
  type NativeCurrency,
  shortAddress,
} from './amounts.ts';
import type { CallDescription, DecodedArgument } from './decode/describe-call.ts';
import type { TokenInfo } from './decode/token-info.ts';
import { approvalSize } from './warnings.ts';

export interface TokenOutflow {
  /** A transfer takes the tokens now; an approval lets `counterparty` take them later. */
  readonly kind: 'transfer' | 'approval';
  readonly token: TokenInfo;
  /** The recipient, spender or operator. */
  readonly counterparty: string;
  /** Raw amounts (ERC-20, ERC-1155), decimal. */
  readonly amounts: readonly string[];
  /** Token ids (ERC-721, ERC-1155), decimal. */
  readonly tokenIds: readonly string[];
  /** An approval without a cap: unlimited, above the supply, or every token of a collection. */
  readonly uncapped: boolean;
}

export interface Outflow {
  /** The chain's currency the calls send, wei (fees not included). */
  readonly valueWei: bigint;
  readonly tokens: readonly TokenOutflow[];
  /**
   * Multicalls whose calls Encore could not read in full (too many, nested too deep): they may
   * move any token, so they count as moving tokens.
   */
  readonly unreadMulticalls: number;
}

const same = (a: string | null, b: string): boolean =>
  a !== null && a.toLowerCase() === b.toLowerCase();

const ZERO_ADDRESS = '0x0000000000000000000000000000000000000000';

const unknownToken = (address: string): TokenInfo => ({
  address,
  standard: null,
  symbol: null,
  decimals: null,
  totalSupply: null,
});

/** A permit (EIP-2612 or DAI's) the account grants by sending it: owner, spender, how much. */
function permitOf(
  call: Extract<CallDescription, { kind: 'known' }>,
  to: string,
  account: string,
): TokenOutflow | null {
  const value = (arg: DecodedArgument | undefined): string => arg?.value ?? '';
  if (call.signature === 'approve(address,address,uint160,uint48)') {
    // Permit2: the sender is the owner; the token is the first argument, not the contract called.
    const amount = BigInt(value(call.args[2]) || '0');
    if (amount === 0n) return null;
    return {
      kind: 'approval',
      token: unknownToken(value(call.args[0])),
      counterparty: value(call.args[1]),
      amounts: [amount.toString()],
      tokenIds: [],
      uncapped: amount >= LARGE_APPROVAL,
    };
  }
  const [owner, spender] = call.args;
  if (!same(value(owner), account)) return null;
  let amount: bigint;
  let uncapped: boolean;
  if (call.signature === 'permit(address,address,uint256,uint256,uint8,bytes32,bytes32)') {
    amount = BigInt(value(call.args[2]) || '0');
    uncapped = amount >= LARGE_APPROVAL;
  } else if (
    call.signature === 'permit(address,address,uint256,uint256,bool,uint8,bytes32,bytes32)'
  ) {
    // DAI's permit has no amount: `allowed` grants everything.
    if (value(call.args[4]) !== 'true') return null;
    amount = 2n ** 256n - 1n;
    uncapped = true;
  } else return null;
  if (amount === 0n) return null;
  return {
    kind: 'approval',
    token: unknownToken(to),
    counterparty: value(spender),
    amounts: [amount.toString()],
    tokenIds: [],
    uncapped,
  };
}

/** The tokens `call` (sent by `account` to `to`) takes or lets others take; null for none. */
export function tokenOutflow(
  call: CallDescription,
  to: string | null,
  account: string,
): TokenOutflow | null {
  if (call.kind === 'known' && to !== null) return permitOf(call, to, account);
  if (call.kind !== 'token') return null;
  const nonZero = call.amounts.some((amount) => BigInt(amount) > 0n);
  const base = {
    token: call.token,
    counterparty: call.counterparty,
    amounts: call.amounts,
    tokenIds: call.tokenIds,
  };
  switch (call.fn) {
    case 'transfer':
      return nonZero ? { ...base, kind: 'transfer', uncapped: false } : null;
    case 'transferFrom':
    case 'safeTransferFrom':
    case 'safeBatchTransferFrom': {
      if (!same(call.owner, account)) return null;
      // An ERC-721 transfer names ids only; an ERC-1155 one moves amounts of its ids.
      const moves = call.amounts.length === 0 ? call.tokenIds.length > 0 : nonZero;
      return moves ? { ...base, kind: 'transfer', uncapped: false } : null;
    }
    case 'approve':
    case 'increaseAllowance': {
      // approve(0x0, id) clears an NFT's approval; an amount of 0 grants nothing.
      const grants = call.amounts.length === 0 ? !same(call.counterparty, ZERO_ADDRESS) : nonZero;
      if (!grants) return null;
      const size = approvalSize(call);
      return { ...base, kind: 'approval', uncapped: size === 'unlimited' || size === 'large' };
    }
    case 'setApprovalForAll':
      return call.approved ? { ...base, kind: 'approval', uncapped: true } : null;
  }
}

/**
 * The tokens `call` takes or lets others take, with those of each call a `multicall` makes of its
 * own contract (the account stays the sender there too).
 */
export function tokenOutflows(
  call: CallDescription,
  to: string | null,
  account: string,
): TokenOutflow[] {
  const own = tokenOutflow(call, to, account);
  const inner =
    call.kind === 'known' && call.inner
      ? call.inner.flatMap((each) => tokenOutflows(each, to, account))
      : [];
  return own ? [own, ...inner] : inner;
}

/** How many multicalls in `call` (itself or nested) Encore could not read in full. */
function unreadMulticallsIn(call: CallDescription): number {
  if (call.kind !== 'known' || call.inner === undefined) return 0;
  if (call.inner === null) return 1;
  return call.inner.reduce((sum, each) => sum + unreadMulticallsIn(each), 0);
}

/** What `calls`, each sent by `account`, take out of its holdings (fees aside). */
export function outflowOf(
  calls: readonly {
    readonly to: string | null;
    readonly value: string | bigint;
    readonly call: CallDescription;
  }[],
  account: string,
): Outflow {
  let valueWei = 0n;
  let unreadMulticalls = 0;
  const tokens: TokenOutflow[] = [];
  for (const call of calls) {
    valueWei += BigInt(call.value);
    tokens.push(...tokenOutflows(call.call, call.to, account));
    unreadMulticalls += unreadMulticallsIn(call.call);
  }
  return { valueWei, tokens, unreadMulticalls };
}

function tokenName(token: TokenInfo): string {
  return token.symbol ?? `the token at ${shortAddress(token.address)}`;
}

function tokenAmounts(outflow: TokenOutflow): string {
  const { token } = outflow;
  const amount = (raw: string): string =>
    token.decimals === null
      ? `${raw} raw units of ${tokenName(token)}`
      : `${formatUnitsExact(BigInt(raw), token.decimals)} ${tokenName(token)}`;
  const ids = outflow.tokenIds.map((id) => `#${id}`).join(', ');
  const amounts = outflow.amounts.map(amount).join(', ');
  if (ids) return `${tokenName(token)} ${ids}${amounts ? ` (${amounts})` : ''}`;
  return amounts;
}

/**
 * What leaves the balance, one line each, for the window: the chain's currency the calls send,
 * each token moved, and each approval (what the spender may take later). Empty: nothing.
 */
export function describeOutflow(outflow: Outflow, currency: NativeCurrency): string[] {
  const lines: string[] = [];
  if (outflow.valueWei > 0n) lines.push(formatNative(outflow.valueWei, currency));
  for (const token of outflow.tokens) {
    const to = shortAddress(token.counterparty);
    if (token.kind === 'transfer') lines.push(`${tokenAmounts(token)}, to ${to}`);
    else if (token.uncapped)
      lines.push(`all your ${tokenName(token.token)}, whenever ${to} takes it`);
    else lines.push(`up to ${tokenAmounts(token)}, whenever ${to} takes it`);
  }
  if (outflow.unreadMulticalls > 0) {
    lines.push('any of your tokens: a multicall holds more calls than Encore reads');
  }
  return lines;
}
