// A batch the site's sponsor pays for. Before the window: the account's one-time upgrade prepared,
// the deadline and nonce read from the chain, the calls described; the sponsor is asked nothing,
// so a site cannot use the worker to probe or post to a URL before the person sees the window.
// After approval: the sponsor is asked for its gas limits (it simulates the whole batch), then
// exactly the calls shown are signed with them (and the upgrade, for Encore's pinned delegate
// only) and handed over. Whatever the sponsor answers, the site hears one fixed error.
// The sponsor pays the fee; what the calls send from the balance is held against the daily limit
// by the calls service.

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
} from '@encore-wallet/calls';
import { type ChainRpc, readLatestBlock } from '@encore-wallet/utils/chain-rpc';
import { isLocalNetworkUrl } from '@encore-wallet/utils/http';
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
  /** The batch shown, without gas limits: the sponsor's join it after the approval. */
  readonly draft: CallBatch;
  readonly upgrade: Upgrade | null;
  readonly sponsorUrl: string;
  readonly fromBlock: bigint;
}

/**
 * The one answer a site gets when the sponsor did not take the batch. The sponsor's own words
 * (its message, cut to one line by the client, and when to ask again) ride along for the
 * person's Activity list and the worker's console, never for the site.
 */
function sponsorDeclined(error: unknown): never {
  if (error instanceof SponsorRefusedError || error instanceof SponsorUnavailableError) {
    console.warn('[encore] the sponsor did not accept a batch:', error.message);
    throw new SponsorDeclinedError({
      says: error.message,
      retryAfterSeconds: error instanceof SponsorRefusedError ? error.retryAfterSeconds : null,
    });
  }
  throw error;
}

export async function prepareSponsoredBatch(options: {
  table: DelegateTable;
  chain: CallsChain;
  account: Address;
  calls: readonly Call[];
  sponsorUrl: string;
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
  const draft = buildCallBatch({
    table,
    chainId: chain.id,
    account,
    calls,
    deadline,
    sequence,
    gas: { callGasLimit: 0n, verificationGasLimit: 0n, preVerificationGas: 0n },
  });
  const described = await describeCalls(draft.calls, {
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
      paidBy: {
        host: sponsorHost(options.sponsorUrl),
        localNetwork: isLocalNetworkUrl(options.sponsorUrl),
        // Known only to the calls service, which knows the page and Encore's backend.
        recognized: null,
      },
      upgrade: upgrade ? { delegate: upgrade.delegate, replaces: upgrade.replaces } : null,
      deadline,
    },
    draft,
    upgrade,
    sponsorUrl: options.sponsorUrl,
    fromBlock: latest.number,
  };
}

/**
 * After the approval: asks the sponsor for its gas limits (it simulates the whole batch and may
 * refuse), signs exactly the calls shown with them and hands the batch over; what is kept of it.
 */
export async function sendSponsoredBatch(
  prepared: SponsoredBatch,
  options: {
    table: DelegateTable;
    wallet: CallsSigner;
    sponsor: SponsorClient;
    id?: string;
    /** Called once the batch is signed, before the signature is handed to the sponsor. */
    signed?: () => Promise<void>;
  },
): Promise<Extract<SentCalls, { kind: 'sponsored' }>> {
  const { draft, upgrade } = prepared;
  const gas = await options.sponsor.estimate(draft, upgrade).catch(sponsorDeclined);
  // The shown batch with the sponsor's gas limits, nothing else: calls, account, deadline and
  // nonce come from the draft, and the fees stay zero.
  const batch = buildCallBatch({
    table: options.table,
    chainId: draft.chainId,
    account: draft.account,
    calls: draft.calls,
    deadline: draft.deadline,
    sequence: draft.sequence,
    gas,
  });
  const authorization = upgrade ? signUpgrade(options.wallet, options.table, upgrade) : null;
  const signature = await signBatch(options.wallet, options.table, batch);
  // A sponsor that refuses still holds a signed batch it could submit until its deadline.
  await options.signed?.();
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
