// The worker's side of EIP-5792 with a sponsor: before the window, the batch is read (each call
// decoded as for a transaction), the account's one-time upgrade prepared, and the site's sponsor
// asked whether it pays (it simulates the whole batch); after approval, exactly the batch shown
// is signed (and the upgrade, for Encore's pinned delegate only) and handed to the sponsor.
// Status comes from the chain, never from the sponsor's word.

import {
  type Address,
  buildCallBatch,
  type CallBatch,
  type CallsSigner,
  type CallsStatus,
  type ChainRpc,
  createSponsorClient,
  type DelegateTable,
  InvalidCallsError,
  NoPinnedDelegateError,
  pinnedDelegate,
  prepareUpgrade,
  readBatchSequence,
  readCallsStatus,
  readDelegation,
  readLatestBlock,
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
import {
  type CanonicalTransaction,
  describeCall,
  type NativeCurrency,
  summarize,
} from '../../transactions/index.ts';
import type { ActivityRecorder } from '../activity/index.ts';
import type { CallsApproval } from '../approvals/index.ts';
import { WALLET_ORIGIN } from '../transactions/index.ts';
import { readSendCalls, type SendCallsParams } from './calls-params.ts';
import {
  AtomicityNotSupportedError,
  BatchTooLargeError,
  DuplicateCallsIdError,
  InvalidCallsParamsError,
  SponsorDeclinedError,
  UnknownCallsIdError,
  UnsupportedChainIdError,
} from './errors.ts';
import type { SentCallsStore } from './sent-calls-store.ts';

/** How long after the latest block a batch may still run: time to read the window and decide. */
const DEADLINE_SECONDS = 600;

export interface CallsChain {
  id: number;
  name: string;
  currency: NativeCurrency;
}

export interface CallsServiceDeps {
  table: DelegateTable;
  node: { request(origin: string, method: string, params: readonly unknown[]): Promise<unknown> };
  currentChain(): Promise<CallsChain>;
  /** The chains Encore offers, for wallet_getCapabilities without a list. */
  chainIds(): Promise<number[]>;
  store: SentCallsStore;
  /** The logged-in wallet, derived, if it is `account`'s (throws otherwise). */
  wallet(account: string): Promise<CallsSigner>;
  sponsorClient?: (url: string) => SponsorClient;
  /** Where each batch a sponsor accepted is listed for the listener (the popup's Activity). */
  activity?: ActivityRecorder;
  /** Opens Encore's Activity for the person (wallet_showCallsStatus). */
  showActivity?: () => Promise<void>;
  now?: () => number;
}

/** Per chain (hex id): what EIP-5792 capabilities Encore offers the account there. */
export type Capabilities = Record<string, Record<string, unknown>>;

export interface CallsService {
  capabilities(account: string, chainIds: readonly number[] | null): Promise<Capabilities>;
  prepare(origin: string, params: SendCallsParams, account: string): Promise<CallsApproval>;
  send(origin: string, approval: CallsApproval, account: string): Promise<{ id: string }>;
  status(origin: string, account: string, id: string): Promise<CallsStatus>;
  /** Shows the person Encore's Activity, where the batch is listed (5730 for another id). */
  show(origin: string, account: string, id: string): Promise<void>;
}

interface Prepared {
  batch: CallBatch;
  upgrade: Upgrade | null;
  sponsorUrl: string;
  fromBlock: bigint;
  id: string | undefined;
}

const hexId = (id: number): string => `0x${id.toString(16)}`;

/** The activity line of a batch: its calls in the words the window showed, within 500 characters. */
function batchSummary(approval: CallsApproval): string {
  const line = approval.calls.map((call) => call.summary).join('; ');
  return line.length > 500 ? `${line.slice(0, 499)}…` : line;
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

export function createCallsService(deps: CallsServiceDeps): CallsService {
  const sponsorClient = deps.sponsorClient ?? ((url) => createSponsorClient({ url }));
  // The batch behind each approval shown: run signs this object, never one rebuilt from the page.
  const prepared = new WeakMap<CallsApproval, Prepared>();
  const reads =
    (origin: string): ChainRpc =>
    (method, params) =>
      deps.node.request(origin, method, params);

  return {
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
            reads(WALLET_ORIGIN),
            account as Address,
            pinned,
          ).catch(() => null);
          if (state?.kind === 'encore') status = 'supported';
        }
        answer[hexId(id)] = { atomic: { status }, sponsorService: { supported: true } };
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
      let read: ReturnType<typeof readSendCalls>;
      try {
        read = readSendCalls(params);
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
      const { calls, sponsor } = read;
      if (!sponsor) {
        throw new InvalidCallsParamsError(
          'wallet_sendCalls',
          'capabilities.sponsorService',
          'is required: Encore sends batches that a sponsor pays for; send calls the listener pays for one by one with eth_sendTransaction',
        );
      }
      let pinned: ReturnType<typeof pinnedDelegate>;
      try {
        pinned = pinnedDelegate(deps.table, chain.id);
      } catch (error) {
        if (error instanceof NoPinnedDelegateError) {
          throw new AtomicityNotSupportedError(
            `Encore has no account contract on chain ${chain.id}`,
          );
        }
        throw error;
      }
      const rpc = reads(origin);
      const typedAccount = account as Address;
      const upgrade = await prepareUpgrade({
        rpc,
        table: deps.table,
        chainId: chain.id,
        account: typedAccount,
        sentBy: 'sponsor',
      });
      const latest = await readLatestBlock(rpc);
      const deadline = Number(latest.timestamp) + DEADLINE_SECONDS;
      const sequence = await readBatchSequence(rpc, pinned.entryPoint, typedAccount, deadline);
      const common = {
        table: deps.table,
        chainId: chain.id,
        account: typedAccount,
        calls,
        deadline,
        sequence,
      };
      const draft = buildCallBatch({
        ...common,
        gas: { callGasLimit: 0n, verificationGasLimit: 0n, preVerificationGas: 0n },
      });
      // The sponsor simulates the whole batch: a refusal (a revert among them) costs nothing.
      const gas = await sponsorClient(sponsor.url).estimate(draft, upgrade).catch(sponsorDeclined);
      const batch = buildCallBatch({ ...common, gas });
      const chainAccess = { request: (method: string, p: readonly unknown[]) => rpc(method, p) };
      const described = await Promise.all(
        batch.calls.map(async (call) => {
          const tx: CanonicalTransaction = {
            chainId: chain.id,
            from: account,
            to: call.to,
            value: call.value.toString(),
            data: call.data,
            gasLimit: '0',
            fee: { type: 0, gasPrice: '0' },
            nonce: null,
            accessList: [],
          };
          const description = await describeCall(tx, chainAccess);
          return {
            to: call.to,
            value: call.value.toString(),
            data: call.data,
            call: description,
            summary: summarize(tx, description, chain.currency),
          };
        }),
      );
      const approval: CallsApproval = {
        kind: 'calls',
        address: account,
        chain: { id: chain.id, name: chain.name },
        calls: described,
        paidBy: { host: sponsorHost(sponsor.url) },
        upgrade: upgrade ? { delegate: upgrade.delegate, replaces: upgrade.replaces } : null,
        deadline,
        userOpHash: userOperationHash(batch),
      };
      prepared.set(approval, {
        batch,
        upgrade,
        sponsorUrl: sponsor.url,
        fromBlock: latest.number,
        id: params.id,
      });
      return approval;
    },

    async send(origin, approval, account) {
      const state = prepared.get(approval);
      if (!state) throw new Error('wallet_sendCalls sends only a batch this worker prepared');
      const { batch, upgrade } = state;
      if (userOperationHash(batch) !== approval.userOpHash) {
        throw new Error('The batch changed after it was shown');
      }
      const wallet = await deps.wallet(account);
      const authorization = upgrade ? signUpgrade(wallet, deps.table, upgrade) : null;
      const signature = await signBatch(wallet, deps.table, batch);
      const userOpHash = await sponsorClient(state.sponsorUrl)
        .send(batch, signature, authorization)
        .catch(sponsorDeclined);
      const sent: SentCalls = {
        kind: 'sponsored',
        id: state.id ?? userOpHash,
        chainId: batch.chainId,
        entryPoint: batch.entryPoint,
        userOpHash,
        fromBlock: state.fromBlock,
        deadline: batch.deadline,
      };
      const sentAt = (deps.now ?? Date.now)();
      await deps.store.add(account, origin, { sent, sentAt });
      await deps.activity
        ?.record({
          account,
          chainId: batch.chainId,
          origin,
          hash: userOpHash,
          nonce: null,
          summary: batchSummary(approval),
          to: batch.calls[0]?.to ?? null,
          value: batch.calls.reduce((sum, call) => sum + call.value, 0n).toString(),
          maxFee: '0',
          sentAt,
          batch: {
            paidBy: approval.paidBy.host,
            calls: batch.calls.length,
            entryPoint: batch.entryPoint,
            fromBlock: state.fromBlock.toString(),
            deadline: batch.deadline,
            transactionHash: null,
          },
        })
        .catch((error: unknown) => {
          // The batch is on its way; a full or broken activity store must not hide that.
          console.error('[encore] could not record the calls in Activity', error);
        });
      return { id: sent.id };
    },

    async status(origin, account, id) {
      const stored = await deps.store.find(account, origin, id);
      if (!stored) throw new UnknownCallsIdError(id);
      const current = await deps.currentChain();
      if (current.id !== stored.sent.chainId) {
        throw new UnsupportedChainIdError(hexId(stored.sent.chainId), current.id);
      }
      return readCallsStatus(reads(WALLET_ORIGIN), stored.sent);
    },

    async show(origin, account, id) {
      if (!(await deps.store.find(account, origin, id))) throw new UnknownCallsIdError(id);
      if (!deps.showActivity) throw new Error('Encore cannot show its Activity here');
      await deps.showActivity();
    },
  };
}
