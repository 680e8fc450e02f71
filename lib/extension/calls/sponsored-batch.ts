// A batch the site's sponsor pays for: before the window, the account's one-time upgrade prepared
// and the sponsor asked whether it pays (it simulates the whole batch); after approval, exactly
// the batch shown is signed (and the upgrade, for Encore's pinned delegate only) and handed to
// the sponsor. The sponsor pays the fee; what the calls send from the balance is held against the
// daily limit by the calls service.

import {
  type Address,
  buildCallBatch,
  type Call,
  type CallBatch,
  type CallsSigner,
  type DelegateTable,
  pinnedDelegate,
  prepareUpgrade,
  readBatchSequence,
  type SentCalls,
  type SponsorClient,
  SponsorRefusedError,
  SponsorUnavailableError,
  signBatch,
  signUpgrade,
  sponsorHost,
  type Upgrade,
  userOperationHash,
} from '../../calls/index.ts';
import { type ChainRpc, readLatestBlock } from '../../chain-rpc/index.ts';
import type { SponsoredCallsApproval } from '../approvals/index.ts';
import type { CallsChain } from './calls-chain.ts';
import { describeCalls } from './describe-calls.ts';
import { SponsorDeclinedError } from './errors.ts';

/** How long after the latest block a batch may still run: time to read the window and decide. */
const DEADLINE_SECONDS = 600;

/** The window's details as far as the sponsor's side goes (the calls service adds the rest). */
export type SponsoredCallsDraft = Omit<
  SponsoredCallsApproval,
  'currency' | 'spending' | 'simulation'
>;

export interface SponsoredBatch {
  readonly approval: SponsoredCallsDraft;
  readonly batch: CallBatch;
  readonly upgrade: Upgrade | null;
  readonly sponsorUrl: string;
  readonly fromBlock: bigint;
}

function sponsorDeclined(error: unknown): never {
  if (error instanceof SponsorRefusedError) {
    throw new SponsorDeclinedError(error.message, error.reason);
  }
  if (error instanceof SponsorUnavailableError) {
    throw new SponsorDeclinedError(error.message, 'unavailable');
  }
  throw error;
}

export async function prepareSponsoredBatch(options: {
  table: DelegateTable;
  chain: CallsChain;
  account: Address;
  calls: readonly Call[];
  sponsorUrl: string;
  sponsor: SponsorClient;
  rpc: ChainRpc;
}): Promise<SponsoredBatch> {
  const { table, chain, account, calls, rpc } = options;
  const upgrade = await prepareUpgrade({
    rpc,
    table,
    chainId: chain.id,
    account,
    sentBy: 'sponsor',
  });
  const latest = await readLatestBlock(rpc);
  const deadline = Number(latest.timestamp) + DEADLINE_SECONDS;
  const { entryPoint } = pinnedDelegate(table, chain.id);
  const sequence = await readBatchSequence(rpc, entryPoint, account, deadline);
  const common = { table, chainId: chain.id, account, calls, deadline, sequence };
  const draft = buildCallBatch({
    ...common,
    gas: { callGasLimit: 0n, verificationGasLimit: 0n, preVerificationGas: 0n },
  });
  // The sponsor simulates the whole batch: a refusal (a revert among them) costs nothing.
  const gas = await options.sponsor.estimate(draft, upgrade).catch(sponsorDeclined);
  const batch = buildCallBatch({ ...common, gas });
  const described = await describeCalls(batch.calls, {
    chainId: chain.id,
    account,
    currency: chain.currency,
    chain: rpc,
  });
  return {
    approval: {
      kind: 'calls',
      payment: 'sponsor',
      address: account,
      chain: { id: chain.id, name: chain.name },
      calls: described,
      paidBy: { host: sponsorHost(options.sponsorUrl) },
      upgrade: upgrade ? { delegate: upgrade.delegate, replaces: upgrade.replaces } : null,
      deadline,
      userOpHash: userOperationHash(batch),
    },
    batch,
    upgrade,
    sponsorUrl: options.sponsorUrl,
    fromBlock: latest.number,
  };
}

/** Signs exactly the prepared batch and hands it to the sponsor; what is kept of it. */
export async function sendSponsoredBatch(
  prepared: SponsoredBatch,
  options: { table: DelegateTable; wallet: CallsSigner; sponsor: SponsorClient; id?: string },
): Promise<Extract<SentCalls, { kind: 'sponsored' }>> {
  const { batch, upgrade, approval } = prepared;
  if (userOperationHash(batch) !== approval.userOpHash) {
    throw new Error('The batch changed after it was shown');
  }
  const authorization = upgrade ? signUpgrade(options.wallet, options.table, upgrade) : null;
  const signature = await signBatch(options.wallet, options.table, batch);
  const userOpHash = await options.sponsor
    .send(batch, signature, authorization)
    .catch(sponsorDeclined);
  return {
    kind: 'sponsored',
    id: options.id ?? userOpHash,
    chainId: batch.chainId,
    entryPoint: batch.entryPoint,
    userOpHash,
    fromBlock: prepared.fromBlock,
    deadline: batch.deadline,
  };
}
