// The worker's side of EIP-5792: each batch read (every call decoded as for a transaction), run
// atomically from the listener's address by Encore's pinned delegate, paid for by the sponsor the
// site names (sponsored-batch.ts) or from the listener's balance (own-batch.ts); after approval,
// exactly the batch shown is signed. Whoever pays the fee, what the calls take from the balance
// (values, tokens, uncapped approvals) is held against the daily limit before the window and
// again at sending, and recorded once signed. Status comes from the chain, never from a sponsor's
// word.

import {
  type Address,
  type BundlerClient,
  type CallsSigner,
  type CallsStatus,
  createBundlerClient,
  createPaymasterClient,
  createSponsorClient,
  type DelegateTable,
  InvalidCallsError,
  PAYMASTER_CAPABILITY,
  type PaymasterClient,
  readBundlerStatus,
  readCallsStatus,
  readDelegation,
  type SentCalls,
  SPONSOR_CAPABILITY,
  type SponsorClient,
} from '@encore-wallet/calls';
import { isLocalNetworkUrl, isLoopbackOrigin } from '@encore-wallet/utils/http';
import { costOfCalls, type TransactionCost } from '../../transactions/index.ts';
import type { ActivityRecorder } from '../activity/index.ts';
import type { CallsApproval, SponsoredCallsApproval } from '../approvals/index.ts';
import { createRequestBudget, type OriginRequests, originReads } from '../node/index.ts';
import { type TransactionService, WALLET_ORIGIN } from '../transactions/index.ts';
import type { CallsChain } from './calls-chain.ts';
import { readSendCalls, type SendCallsParams } from './calls-params.ts';
import {
  AtomicityNotSupportedError,
  BatchTooLargeError,
  DuplicateCallsIdError,
  InvalidCallsParamsError,
  SponsorDeclinedError,
  UnknownCallsIdError,
  UnsupportedCapabilityError,
  UnsupportedChainIdError,
} from './errors.ts';
import { type OwnBatch, type OwnBatchSending, prepareOwnBatch, sendOwnBatch } from './own-batch.ts';
import {
  type PaymasterBatch,
  preparePaymasterBatch,
  sendPaymasterBatch,
} from './paymaster-batch.ts';
import { recognizeLocalService } from './recognize-local-service.ts';
import { recordRefusedBatch } from './refused-batch.ts';
import type { SentCallsStore } from './sent-calls-store.ts';
import { simulateSponsoredBatch } from './simulate-batch.ts';
import {
  prepareSponsoredBatch,
  type SponsoredBatch,
  sendSponsoredBatch,
} from './sponsored-batch.ts';

export type { CallsChain } from './calls-chain.ts';

export interface CallsServiceDeps {
  table: DelegateTable;
  node: OriginRequests;
  currentChain(): Promise<CallsChain>;
  /** The chains Encore offers, for wallet_getCapabilities without a list. */
  chainIds(): Promise<number[]>;
  store: SentCallsStore;
  /** The logged-in wallet, derived, if it is `account`'s (throws otherwise). */
  wallet(account: string): Promise<CallsSigner>;
  sponsorClient?: (url: string) => SponsorClient;
  /** The chain's ERC-4337 bundler URL from the settings, or null: paymasterService needs one. */
  bundlerUrl?: (chainId: number) => Promise<string | null>;
  paymasterClient?: (url: string) => PaymasterClient;
  bundlerClient?: (url: string) => BundlerClient;
  /**
   * The send path and the daily limit: batches the listener pays for go through it (nonces,
   * Activity), and every batch's outflow is checked and recorded by it.
   */
  transactions: OwnBatchSending & Pick<TransactionService, 'spendChecked'>;
  /** Where each batch a sponsor accepted is listed for the listener (the popup's Activity). */
  activity?: ActivityRecorder;
  /** Opens Encore's Activity for the person (wallet_showCallsStatus). */
  showActivity?: () => Promise<void>;
  now?: () => number;
  /** The backend Encore signs in with (the settings' URL): the development sponsor when local. */
  backendUrl?: () => Promise<string>;
}

/** Per chain (hex id): what EIP-5792 capabilities Encore offers the account there. */
export type Capabilities = Record<string, Record<string, unknown>>;

export interface CallsService {
  capabilities(account: string, chainIds: readonly number[] | null): Promise<Capabilities>;
  prepare(origin: string, params: SendCallsParams, account: string): Promise<CallsApproval>;
  /** `passwordConfirmed`: the person typed their password (a batch over the daily limit). */
  send(
    origin: string,
    approval: CallsApproval,
    account: string,
    passwordConfirmed?: boolean,
  ): Promise<{ id: string }>;
  status(origin: string, account: string, id: string): Promise<CallsStatus>;
  /** Shows the person Encore's Activity, where the batch is listed (5730 for another id). */
  show(origin: string, account: string, id: string): Promise<void>;
  /** The delegates the build pins, with their EntryPoints. */
  pinnedDelegates(): DelegateTable;
}

/** What stands behind each approval shown: run signs this, never anything rebuilt from the page. */
type Prepared =
  | { payment: 'sponsor'; batch: SponsoredBatch; cost: TransactionCost; id: string | undefined }
  | { payment: 'paymaster'; batch: PaymasterBatch; cost: TransactionCost; id: string | undefined }
  | { payment: 'own'; batch: OwnBatch; id: string | undefined };

const hexId = (id: number): string => `0x${id.toString(16)}`;

/** How soon one site may bring Encore's Activity to the front again (wallet_showCallsStatus). */
const SHOW_AGAIN_AFTER_MS = 3_000;

/** The activity line of a batch: its calls in the words the window showed, within 500 characters. */
function batchSummary(approval: CallsApproval): string {
  const line = approval.calls.map((call) => call.summary).join('; ');
  return line.length > 500 ? `${line.slice(0, 499)}…` : line;
}

/** The calls and the sponsor from the site's params, refusals mapped to EIP-5792's codes. */
function readParams(params: SendCallsParams): ReturnType<typeof readSendCalls> {
  try {
    return readSendCalls(params);
  } catch (error) {
    if (error instanceof InvalidCallsError) {
      if (/at most/.test(error.message) && !/URL|characters/.test(error.message)) {
        throw new BatchTooLargeError(error.message);
      }
      throw new InvalidCallsParamsError(
        'wallet_sendCalls',
        error.path,
        error.message.slice(error.path.length + 1),
      );
    }
    throw error;
  }
}

/**
 * The worker reaches hosts a page cannot (this computer, the local network): only a page served
 * from this computer itself (development) may send a sponsor's or a paymaster's request there.
 */
function refuseLocalService(
  url: string,
  origin: string,
  capability: string,
  service: 'sponsor' | 'paymaster',
): void {
  if (isLocalNetworkUrl(url) && !isLoopbackOrigin(origin)) {
    throw new InvalidCallsParamsError(
      'wallet_sendCalls',
      `capabilities.${capability}.url`,
      `is on your own computer or local network: only a page served from this computer may name such a ${service}`,
    );
  }
}

export function createCallsService(deps: CallsServiceDeps): CallsService {
  const sponsorClient = deps.sponsorClient ?? ((url) => createSponsorClient({ url }));
  const paymasterClient = deps.paymasterClient ?? ((url) => createPaymasterClient({ url }));
  const bundlerClient = deps.bundlerClient ?? ((url) => createBundlerClient({ url }));
  const bundlerUrl = async (chainId: number): Promise<string | null> =>
    deps.bundlerUrl ? deps.bundlerUrl(chainId) : null;
  const prepared = new WeakMap<CallsApproval, Prepared>();
  // One showing per site per SHOW_AGAIN_AFTER_MS: a bucket of one that refills in that time.
  const showing = createRequestBudget(1, 1000 / SHOW_AGAIN_AFTER_MS, deps.now);

  /**
   * What the window shows of a batch a sponsor or a paymaster pays the fee of: the spending it
   * counts (never the fee: the values and tokens the calls take from the balance) and its
   * simulation.
   */
  async function sponsoredApproval(
    batch: SponsoredBatch | PaymasterBatch,
    account: string,
    chain: CallsChain,
    rpc: ReturnType<typeof originReads>,
    origin: string,
  ): Promise<{ approval: SponsoredCallsApproval; cost: TransactionCost }> {
    const cost = costOfCalls(batch.approval.calls, account, 0n);
    const [spending, simulation, backend] = await Promise.all([
      deps.transactions.spending(account, cost),
      simulateSponsoredBatch(rpc, batch.draft, batch.upgrade !== null),
      deps.backendUrl?.() ?? null,
    ]);
    const recognized = recognizeLocalService(batch.sponsorUrl, origin, backend);
    return {
      approval: {
        ...batch.approval,
        paidBy: { ...batch.approval.paidBy, recognized },
        currency: chain.currency,
        spending,
        simulation,
      },
      cost,
    };
  }

  return {
    pinnedDelegates: () => deps.table,
    async capabilities(account, chainIds) {
      const current = await deps.currentChain();
      const ids = chainIds ?? (await deps.chainIds());
      const answer: Capabilities = {};
      for (const id of ids) {
        const pinned = deps.table.get(id);
        if (!pinned) {
          answer[hexId(id)] = { atomic: { status: 'unsupported' } };
          continue;
        }
        let status: 'supported' | 'ready' = 'ready';
        if (id === current.id) {
          // Only the current chain can be read; elsewhere the upgrade is checked before signing.
          const state = await readDelegation(
            originReads(deps.node, WALLET_ORIGIN),
            account as Address,
            pinned,
          ).catch(() => null);
          if (state?.kind === 'encore') status = 'supported';
        }
        answer[hexId(id)] = {
          atomic: { status },
          sponsorService: { supported: true },
          // ERC-7677 needs a bundler to carry the operation: the chain's, from the settings.
          ...((await bundlerUrl(id)) ? { [PAYMASTER_CAPABILITY]: { supported: true } } : {}),
        };
      }
      return answer;
    },

    async prepare(origin, params, account) {
      const chain = await deps.currentChain();
      if (params.chainId !== chain.id)
        throw new UnsupportedChainIdError(hexId(params.chainId), chain.id);
      if (params.id !== undefined && (await deps.store.find(account, origin, params.id))) {
        throw new DuplicateCallsIdError(params.id);
      }
      const { calls, sponsor, paymaster: named } = readParams(params);
      const bundler = named ? await bundlerUrl(chain.id) : null;
      if (named && !bundler && named.optional !== true) {
        throw new UnsupportedCapabilityError(PAYMASTER_CAPABILITY);
      }
      // Optional and no bundler on this chain: the batch goes on without it (own funds).
      const paymaster = bundler ? named : null;
      // A call into the account itself would run its own code (a nested `execute`, whose calls
      // the window could not list): every call of a batch is shown, so none may hide others.
      const own = calls.findIndex((call) => call.to.toLowerCase() === account.toLowerCase());
      if (own >= 0) {
        throw new InvalidCallsParamsError(
          'wallet_sendCalls',
          `calls[${own}].to`,
          'is your own account: a call into it could run calls the window does not show',
        );
      }
      // Every batch runs through Encore's delegate: without one on this chain, none runs at all
      // (one by one would not be atomic, and a site may rely on all or none).
      if (!deps.table.get(chain.id)) {
        throw new AtomicityNotSupportedError(`Encore has no account contract on chain ${chain.id}`);
      }
      const rpc = originReads(deps.node, origin);
      const typedAccount = account as Address;
      if (paymaster && bundler) {
        refuseLocalService(paymaster.url, origin, PAYMASTER_CAPABILITY, 'paymaster');
        const batch = await preparePaymasterBatch({
          table: deps.table,
          chain,
          account: typedAccount,
          calls,
          paymaster,
          bundlerUrl: bundler,
          rpc,
        });
        const { approval, cost } = await sponsoredApproval(batch, account, chain, rpc, origin);
        prepared.set(approval, { payment: 'paymaster', batch, cost, id: params.id });
        return approval;
      }
      if (sponsor) {
        refuseLocalService(sponsor.url, origin, SPONSOR_CAPABILITY, 'sponsor');
        const batch = await prepareSponsoredBatch({
          table: deps.table,
          chain,
          account: typedAccount,
          calls,
          sponsorUrl: sponsor.url,
          rpc,
        });
        const { approval, cost } = await sponsoredApproval(batch, account, chain, rpc, origin);
        prepared.set(approval, { payment: 'sponsor', batch, cost, id: params.id });
        return approval;
      }
      const batch = await prepareOwnBatch({
        table: deps.table,
        chain,
        account: typedAccount,
        calls,
        rpc,
        transactions: deps.transactions,
      });
      prepared.set(batch.approval, { payment: 'own', batch, id: params.id });
      return batch.approval;
    },

    async send(origin, approval, account, passwordConfirmed = false) {
      const state = prepared.get(approval);
      if (!state) throw new Error('wallet_sendCalls sends only a batch this worker prepared');
      const wallet = await deps.wallet(account);
      const sentAt = (deps.now ?? Date.now)();
      if (state.payment === 'own') {
        const hash = await sendOwnBatch(state.batch, {
          origin,
          table: deps.table,
          wallet,
          transactions: deps.transactions,
          passwordConfirmed,
          summary: batchSummary(approval),
        });
        const sent: SentCalls = {
          kind: 'own',
          id: state.id ?? hash,
          chainId: approval.chain.id,
          transactionHashes: [hash as `0x${string}`],
          atomic: true,
        };
        await deps.store.add(account, origin, { sent, sentAt });
        return { id: sent.id };
      }
      if (state.payment === 'paymaster') {
        const batch = state.batch;
        // Checked again and recorded as for a sponsor: over the limit, nothing reaches the
        // paymaster or the bundler, and nothing is signed, without the password.
        const { sent, paymaster } = await deps.transactions.spendChecked(
          account,
          approval.chain.id,
          state.cost,
          passwordConfirmed,
          (signed) =>
            sendPaymasterBatch(batch, {
              table: deps.table,
              wallet,
              rpc: originReads(deps.node, WALLET_ORIGIN),
              paymaster: paymasterClient(batch.paymasterService.url),
              bundler: bundlerClient(batch.bundlerUrl),
              signed,
              ...(state.id === undefined ? {} : { id: state.id }),
            }).catch((error: unknown) => {
              console.warn(
                '[encore] a paymaster batch did not go through:',
                error instanceof Error ? error.message : error,
              );
              throw error;
            }),
        );
        await deps.store.add(account, origin, { sent, sentAt });
        await recordBatch(account, origin, approval, batch, sent, sentAt, paymaster);
        return { id: sent.id };
      }
      const sponsorUrl = state.batch.sponsorUrl;
      // Checked again, one send at a time with the account's own transactions, and recorded once
      // signed, before the sponsor has it: over the limit, nothing is signed without the password.
      const sent = await deps.transactions
        .spendChecked(account, approval.chain.id, state.cost, passwordConfirmed, (signed) =>
          sendSponsoredBatch(state.batch, {
            table: deps.table,
            wallet,
            sponsor: sponsorClient(sponsorUrl),
            id: state.id,
            signed,
          }),
        )
        .catch(async (error: unknown) => {
          // The site hears one fixed error; the person reads the sponsor's words in Activity.
          const sponsorSays = error instanceof SponsorDeclinedError ? error.sponsorSays : null;
          if (sponsorSays) {
            await recordRefusedBatch(deps.activity, {
              account,
              origin,
              batch: state.batch,
              summary: batchSummary(approval),
              sentAt,
              sponsorSays,
            });
          }
          throw error;
        });
      await deps.store.add(account, origin, { sent, sentAt });
      await recordBatch(account, origin, approval, state.batch, sent, sentAt, null);
      return { id: sent.id };
    },

    async status(origin, account, id) {
      const stored = await deps.store.find(account, origin, id);
      if (!stored) throw new UnknownCallsIdError(id);
      const current = await deps.currentChain();
      if (current.id !== stored.sent.chainId) {
        throw new UnsupportedChainIdError(hexId(stored.sent.chainId), current.id);
      }
      const rpc = originReads(deps.node, WALLET_ORIGIN);
      const bundler =
        stored.sent.kind === 'sponsored' && stored.sent.via === 'bundler'
          ? await bundlerUrl(current.id)
          : null;
      if (bundler && stored.sent.kind === 'sponsored') {
        // The bundler's receipt, checked against the chain (a lying one is refused).
        return readBundlerStatus(bundlerClient(bundler), rpc, stored.sent, account as Address);
      }
      return readCallsStatus(rpc, stored.sent);
    },

    async show(origin, account, id) {
      if (!(await deps.store.find(account, origin, id))) throw new UnknownCallsIdError(id);
      if (!deps.showActivity) throw new Error('Encore cannot show its Activity here');
      // A site asking again at once does not pull the window to the front again and again.
      if (!showing.take(origin)) return;
      await deps.showActivity();
    },
  };

  /** Lists a batch a sponsor or paymaster took in the popup's Activity. */
  async function recordBatch(
    account: string,
    origin: string,
    approval: CallsApproval,
    batch: SponsoredBatch,
    sent: Extract<SentCalls, { kind: 'sponsored' }>,
    sentAt: number,
    paymaster: string | null,
  ): Promise<void> {
    const host = batch.approval.paidBy.host;
    await deps.activity
      ?.record({
        account,
        chainId: sent.chainId,
        origin,
        hash: sent.userOpHash,
        nonce: null,
        summary: batchSummary(approval),
        to: batch.draft.calls[0]?.to ?? null,
        value: batch.draft.calls.reduce((sum, call) => sum + call.value, 0n).toString(),
        maxFee: '0',
        sentAt,
        batch: {
          paidBy: paymaster ? `${host} (paymaster ${paymaster})` : host,
          calls: batch.draft.calls.length,
          entryPoint: sent.entryPoint,
          fromBlock: sent.fromBlock.toString(),
          deadline: sent.deadline,
          transactionHash: null,
        },
      })
      .catch((error: unknown) => {
        // The batch is on its way; a full or broken activity store must not hide that.
        console.error('[encore] could not record the calls in Activity', error);
      });
  }
}
