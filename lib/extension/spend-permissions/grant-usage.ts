// What a grant has taken, read from the chain (never from the site): the period enforcer's count
// (`getAvailableAmount`: what is left of this period's cap), its `TransferredInPeriod` events
// (each redemption, and so the total), and whether the listener disabled the delegation
// (`DelegationManager.disabledDelegations`). The node may lie: what these read informs the
// listener and never widens what is signed.

import type { ChainRpc } from '@encore-wallet/utils/chain-rpc';
import { quantityAnswer, readAnswer, readLatestBlock } from '@encore-wallet/utils/chain-rpc';
import { hashDelegation } from '@metamask/delegation-core';
import { Interface } from 'ethers';
import { z } from 'zod';
import type { GrantOnChain, Hex } from './grant-on-chain.ts';
import { periodCaveat } from './period-caveat.ts';
import { GrantUnreadableError } from './usage-errors.ts';

const managerAbi = /* @__PURE__ */ new Interface([
  'function disabledDelegations(bytes32 delegationHash) view returns (bool)',
]);
const enforcerAbi = /* @__PURE__ */ new Interface([
  'function getAvailableAmount(bytes32 delegationHash, address delegationManager, bytes terms) view returns (uint256 availableAmount, bool isNewPeriod, uint256 currentPeriod)',
]);
/** Both enforcers' event: the native one without `token`, the ERC-20 one with it. */
const eventsAbi = /* @__PURE__ */ new Interface([
  'event TransferredInPeriod(address indexed sender, address indexed redeemer, bytes32 indexed delegationHash, uint256 periodAmount, uint256 periodDuration, uint256 startDate, uint256 transferredInCurrentPeriod, uint256 transferTimestamp)',
  'event TransferredInPeriod(address indexed sender, address indexed redeemer, bytes32 indexed delegationHash, address token, uint256 periodAmount, uint256 periodDuration, uint256 startDate, uint256 transferredInCurrentPeriod, uint256 transferTimestamp)',
]);
const NATIVE_EVENT =
  'TransferredInPeriod(address,address,bytes32,uint256,uint256,uint256,uint256,uint256)';
const ERC20_EVENT =
  'TransferredInPeriod(address,address,bytes32,address,uint256,uint256,uint256,uint256,uint256)';
/** A grant's events beyond this many are not read (one a period for ten years of days fits). */
const MAX_EVENTS = 4_000;

const hexData = z.lazy(() => z.string().regex(/^0x(?:[0-9a-fA-F]{2})*$/));
const logsAnswer = z.lazy(() =>
  z
    .array(
      z.object({
        topics: z.array(z.string().regex(/^0x[0-9a-fA-F]{64}$/)),
        data: hexData,
        transactionHash: z.string().regex(/^0x[0-9a-fA-F]{64}$/),
        blockNumber: quantityAnswer,
      }),
    )
    .max(MAX_EVENTS),
);

/** One redemption of a grant, as its enforcer's event tells it. */
export interface Redemption {
  readonly txHash: Hex;
  readonly blockNumber: number;
  /** Unix seconds: the block's time. */
  readonly at: number;
  /** Raw units taken by this redemption, a decimal string. */
  readonly amount: string;
}

/** What a grant has taken and can still take, as the chain answered. */
export interface GrantUsage {
  readonly id: string;
  /** The latest block's time, which the figures are of. */
  readonly readAt: number;
  /** The listener disabled the delegation: nothing more can be taken. */
  readonly disabled: boolean;
  /** The first period has begun. */
  readonly started: boolean;
  /** No redemption is possible any more (the expiry has passed). */
  readonly expired: boolean;
  /** Raw units taken in the current period, a decimal string. */
  readonly takenThisPeriod: string;
  /** Raw units still redeemable in the current period (0 once disabled or expired). */
  readonly availableThisPeriod: string;
  /** Raw units taken since the grant was made. */
  readonly takenTotal: string;
  /** Unix seconds: when the current period ends (the next one begins), or the first begins. */
  readonly periodEndsAt: number;
  readonly redemptions: readonly Redemption[];
}

function call(rpc: ChainRpc, to: string, data: string): Promise<`0x${string}`> {
  return readAnswer(rpc, 'eth_call', [{ to, data }, 'latest'], hexData) as Promise<Hex>;
}

/** The grant's id checked against its delegation: the hash the manager and the enforcers know. */
function checkedId(grant: GrantOnChain): Hex {
  const { delegation } = grant;
  const id = hashDelegation({
    delegate: delegation.delegate as Hex,
    delegator: delegation.delegator as Hex,
    authority: delegation.authority as Hex,
    caveats: delegation.caveats.map((caveat) => ({
      enforcer: caveat.enforcer as Hex,
      terms: caveat.terms as Hex,
      args: caveat.args as Hex,
    })),
    salt: BigInt(delegation.salt),
    signature: delegation.signature as Hex,
  }).toLowerCase() as Hex;
  if (id !== grant.id.toLowerCase()) {
    throw new GrantUnreadableError(grant.id, 'its id is not its delegation’s hash');
  }
  return id;
}

/** Each redemption's own amount: the event counts what the period has taken so far. */
export function redemptionsOf(
  events: readonly { txHash: Hex; blockNumber: number; at: number; inPeriod: bigint }[],
  grant: Pick<GrantOnChain, 'startTime' | 'periodSeconds'>,
): Redemption[] {
  const periodOf = (at: number) => Math.floor((at - grant.startTime) / grant.periodSeconds);
  let lastPeriod = -1;
  let lastCount = 0n;
  return [...events]
    .sort((a, b) => a.blockNumber - b.blockNumber)
    .map((event) => {
      const period = periodOf(event.at);
      const before = period === lastPeriod ? lastCount : 0n;
      lastPeriod = period;
      lastCount = event.inPeriod;
      const amount = event.inPeriod > before ? event.inPeriod - before : 0n;
      return {
        txHash: event.txHash,
        blockNumber: event.blockNumber,
        at: event.at,
        amount: amount.toString(),
      };
    });
}

async function readRedemptions(
  rpc: ChainRpc,
  grant: GrantOnChain,
  enforcer: string,
  id: Hex,
  toBlock: bigint,
): Promise<Redemption[]> {
  const erc20 = grant.token.kind === 'erc20';
  const event = eventsAbi.getEvent(erc20 ? ERC20_EVENT : NATIVE_EVENT);
  if (!event) throw new Error('TransferredInPeriod is missing from the ABI');
  const logs = await readAnswer(
    rpc,
    'eth_getLogs',
    [
      {
        address: enforcer,
        topics: [event.topicHash, null, null, id],
        fromBlock: '0x0',
        toBlock: `0x${toBlock.toString(16)}`,
      },
    ],
    logsAnswer,
  );
  const events = logs.flatMap((log) => {
    try {
      const parsed = eventsAbi.decodeEventLog(event, log.data, log.topics);
      return [
        {
          txHash: log.transactionHash.toLowerCase() as Hex,
          blockNumber: Number(log.blockNumber),
          at: Number(parsed.transferTimestamp as bigint),
          inPeriod: parsed.transferredInCurrentPeriod as bigint,
        },
      ];
    } catch {
      // Not this enforcer's event shape: not a redemption of this grant.
      return [];
    }
  });
  return redemptionsOf(events, grant);
}

/** What `grant` has taken and can still take, on the chain `rpc` reads. */
export async function readGrantUsage(rpc: ChainRpc, grant: GrantOnChain): Promise<GrantUsage> {
  const id = checkedId(grant);
  const caveat = periodCaveat(grant);
  const latest = await readLatestBlock(rpc);
  const now = Number(latest.timestamp);
  const [disabledAnswer, availableAnswer, redemptions] = await Promise.all([
    call(rpc, grant.delegationManager, managerAbi.encodeFunctionData('disabledDelegations', [id])),
    call(
      rpc,
      caveat.enforcer,
      enforcerAbi.encodeFunctionData('getAvailableAmount', [
        id,
        grant.delegationManager,
        caveat.terms,
      ]),
    ),
    readRedemptions(rpc, grant, caveat.enforcer, id, latest.number),
  ]);
  let disabled: boolean;
  let available: bigint;
  try {
    [disabled] = managerAbi.decodeFunctionResult(
      'disabledDelegations',
      disabledAnswer,
    ) as unknown as [boolean];
    [available] = enforcerAbi.decodeFunctionResult(
      'getAvailableAmount',
      availableAnswer,
    ) as unknown as [bigint];
  } catch (cause) {
    throw new GrantUnreadableError(
      grant.id,
      `the chain answered something else (${String(cause)})`,
    );
  }
  const cap = BigInt(grant.periodAmount);
  const started = now >= grant.startTime;
  const expired = now >= grant.expiry;
  const takenThisPeriod = started && available < cap ? cap - available : 0n;
  const period = started ? Math.floor((now - grant.startTime) / grant.periodSeconds) : -1;
  const periodEndsAt = grant.startTime + (period + 1) * grant.periodSeconds;
  const takenTotal = redemptions.reduce((sum, r) => sum + BigInt(r.amount), 0n);
  return {
    id: grant.id,
    readAt: now,
    disabled,
    started,
    expired,
    takenThisPeriod: takenThisPeriod.toString(),
    availableThisPeriod: (disabled || expired ? 0n : available).toString(),
    takenTotal: takenTotal.toString(),
    periodEndsAt: Math.min(periodEndsAt, grant.expiry),
    redemptions,
  };
}
