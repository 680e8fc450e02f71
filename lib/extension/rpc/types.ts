// What the RPC pipeline and its methods need from the rest of the worker. Injected, so unit tests
// run every method without a browser and the background wires the real session, store and queue.

import type { CallsStatus, DelegateTable } from '@encore-wallet/calls';
import type { IdTokenSubject } from '@encore-wallet/catalog';
import type { TransactionLike } from 'ethers';
import type { z } from 'zod';
import type { SpendingLimit, TransactionRequest } from '../../transactions/index.ts';
import type {
  ApprovalDecision,
  ApprovalDetails,
  CallsApproval,
  PermitTokenInfo,
  TransactionApproval,
} from '../approvals/index.ts';
import type { AddedChain, KnownChain } from '../settings/index.ts';
import type { GrantService } from '../spend-permissions/index.ts';

/** The part of an ethers wallet the methods use. */
export interface RpcSigner {
  readonly address: string;
  signMessage(message: string | Uint8Array): Promise<string>;
  signTypedData(
    domain: Record<string, unknown>,
    types: Record<string, { name: string; type: string }[]>,
    value: Record<string, unknown>,
  ): Promise<string>;
  /** Signs a complete transaction (every field set); the raw signed transaction, 0x hex. */
  signTransaction(tx: TransactionLike<string>): Promise<string>;
}

export interface RpcDeps {
  /** The logged-in wallet, or null when logged out (call after `ready`). */
  getWallet(): RpcSigner | null;
  ready(): Promise<void>;
  /** The connections of the account logged in when each call starts. */
  permissions: {
    /**
     * Logged out: whether some account on this browser connected the origin, so a log-in prompt
     * could help (the pipeline checks again once someone is logged in). Nothing is granted then:
     * `getWallet()` is null and `connectedAt` is null.
     */
    isConnected(origin: string): Promise<boolean>;
    connectedAt(origin: string): Promise<number | null>;
    connect(origin: string): Promise<void>;
    revoke(origin: string): Promise<void>;
  };
  chain: {
    get(): Promise<number>;
    /** Throws UnrecognizedChainError for chains Encore does not offer. */
    set(chainId: number): Promise<void>;
    /** The chain as Encore offers it now (built in or added), or null. */
    known(chainId: number): Promise<KnownChain | null>;
    /** The daily spending limit in force on `chainId` (the person's, or the default). */
    spendingLimit(chainId: number): Promise<SpendingLimit>;
    /**
     * What the ERC-20 token at `address` on the current chain says of itself (its symbol and
     * decimals, each null when unread), read through `origin`'s budget of the current chain's
     * node. Absent: nothing is read, and amounts stay in raw units.
     */
    readToken?(origin: string, address: string): Promise<PermitTokenInfo>;
    /** How many chains sites have added (their number is capped). */
    addedCount(): Promise<number>;
    /**
     * Saves an approved chain: a built-in one gets `rpcUrl` as its RPC URL, any other is added
     * (or its entry replaced).
     */
    add(chain: AddedChain): Promise<void>;
  };
  approvals: {
    /**
     * Resolves when approved; rejects with an ApprovalError saying why not (the pipeline answers
     * 4001 or -32002), or with any other error (-32603).
     */
    request(
      origin: string,
      details: ApprovalDetails,
      signal?: AbortSignal,
    ): Promise<ApprovalDecision>;
  };
  /** The RPC node of the current chain, for the read-only methods (lib/extension/node). */
  node: {
    /**
     * Lets a site's read in before its params are parsed (its budgets, a size measured up to the
     * limit), or throws the ProviderRpcError the site should hear (-32005, -32602).
     */
    admit(origin: string, method: string, params: unknown): void;
    /** Sends a read `admit` let in to the current chain's node. */
    forward(method: string, params: readonly unknown[]): Promise<unknown>;
    /** The chain id `url` serves (eth_chainId); throws the ProviderRpcError when it cannot tell. */
    chainIdAt(url: string): Promise<number>;
  };
  /** Write transactions on the current chain (lib/extension/transactions). */
  transactions: {
    /** The approval for `request` from `account`: filled, decoded, simulated, with the limit. */
    prepare(
      origin: string,
      request: TransactionRequest,
      account: string,
    ): Promise<TransactionApproval>;
    /** Signs and broadcasts exactly the approved transaction; its hash. */
    send(
      origin: string,
      approval: TransactionApproval,
      signer: RpcSigner,
      passwordConfirmed: boolean,
    ): Promise<string>;
  };
  /** EIP-5792 batches, paid for by a sponsor or the listener (lib/extension/calls). */
  calls: {
    /** Per chain (hex id), the capabilities Encore offers `account`. */
    capabilities(
      account: string,
      chainIds: readonly number[] | null,
    ): Promise<Record<string, Record<string, unknown>>>;
    /** The approval for a wallet_sendCalls: each call read, who pays, the upgrade (no sponsor asked). */
    prepare(origin: string, params: SendCallsRequest, account: string): Promise<CallsApproval>;
    /**
     * Signs exactly the approved batch and hands it to the sponsor, or sends it from the
     * listener's balance (`passwordConfirmed` for one over the daily limit); the batch id.
     */
    send(
      origin: string,
      approval: CallsApproval,
      account: string,
      passwordConfirmed?: boolean,
    ): Promise<{ id: string }>;
    /** The status of a batch this origin sent (5730 for another id). */
    status(origin: string, account: string, id: string): Promise<CallsStatus>;
    /** Shows the person Encore's Activity, where the batch is (5730 for another id). */
    show(origin: string, account: string, id: string): Promise<void>;
    /** The delegates (and their EntryPoints) the build pins: what no site may have signed for. */
    pinnedDelegates(): DelegateTable;
  };
  /** ERC-7715 spend permissions: the worker's grant service (lib/extension/spend-permissions). */
  spendPermissions: GrantService;
  catalog: {
    /** The catalog user whose wallet this is, or null: one lookup, everything a token says. */
    findUser(address: string): Promise<IdTokenSubject | null>;
    /** A catalog ID token for exactly `user`, bound to `audience`, signed by the wallet. */
    createIdToken(
      wallet: RpcSigner,
      user: IdTokenSubject,
      options: { audience: string; lifetimeSeconds: number },
    ): Promise<string>;
    /** How long the ID tokens Encore mints stay valid (the person's setting). */
    idTokenLifetimeSeconds(): Promise<number>;
  };
}

/** wallet_sendCalls' parameter as read by its schema (lib/extension/calls `sendCallsSchema`). */
export interface SendCallsRequest {
  readonly id: string | undefined;
  readonly from: string;
  readonly chainId: number;
  readonly atomicRequired: boolean;
  readonly rawCalls: readonly unknown[];
  readonly capabilities: Readonly<Record<string, unknown>>;
}

export interface RpcContext {
  /** The requesting site, from the port's sender. */
  origin: string;
  deps: RpcDeps;
  /** Aborted when the site's port goes away (tab closed, navigated, worker restarting). */
  signal?: AbortSignal;
}

export interface RpcMethod<P = unknown, D extends ApprovalDetails = ApprovalDetails> {
  name: string;
  /** Validates `params` as the site sent them; names each position for -32602 messages. */
  params: z.ZodType<P>;
  paramNames?: readonly string[];
  /** Ask the person to log in first when logged out. */
  requiresLogin?: boolean;
  /** Refuse with 4100 unless the site is connected. */
  requiresConnection?: boolean;
  /**
   * Checks what is cheap to check before the params are parsed (a budget, their size), so a
   * page's flood of huge params costs the worker no parsing; throws the error the site hears.
   */
  admit?(ctx: RpcContext, raw: unknown): void;
  /** What the person must approve, or null when nothing needs approval this time. */
  approval?(ctx: RpcContext, params: P): Promise<D | null>;
  /**
   * Does the work. `approved` is what the person approved (null when nothing needed approval):
   * act on it rather than looking anything up again, so what was shown is what is done.
   */
  run(
    ctx: RpcContext,
    params: P,
    approved: D | null,
    decision?: ApprovalDecision,
  ): Promise<unknown>;
}
