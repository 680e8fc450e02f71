// What the approval window is asked to show. Plain data: it crosses the message boundary to the
// window, which decodes and explains it. Typed data arrives already checked and in canonical form
// (lib/eip), and is exactly what the wallet signs.

import type { IdTokenSubject } from '@encore-wallet/catalog';
import type { TypedDataPayload } from '../../eip/index.ts';
import type {
  CallDescription,
  NativeCurrency,
  PermitGrant,
  Simulation,
  SpendingReason,
  TransactionReview,
  TransactionWarning,
} from '../../transactions/index.ts';
import type { AddedChain } from '../settings/index.ts';

/**
 * What a sponsor or paymaster on this computer is, when Encore can tell: `development`, the very
 * backend Encore signs in with (the settings' backend URL, as `make start` builds it); `this-page`,
 * the server of the page that asks, which the page reaches by itself anyway. The window then says
 * so instead of warning about a service on this computer.
 */
export type LocalService = 'development' | 'this-page';

export type ApprovalDetails =
  /** The person must log in before the request behind it can go on. */
  | { kind: 'login'; method: string }
  | { kind: 'connect' }
  | { kind: 'personal_sign'; message: string; address: string }
  | TypedDataApproval
  | IdTokenApproval
  | AddChainApproval
  | TransactionApproval
  | CallsApproval
  | SpendPermissionApproval;

/**
 * A spend permission a site asks for (wallet_requestExecutionPermissions): its redeemer may take
 * up to `grant.periodAmount` of the token every period, from `grant.start` until `grant.expiry`.
 * Every field comes from the canonical grant the worker parsed and will sign (the token's symbol
 * and decimals read from the chain, never the site's word); amounts are raw units, decimal.
 */
export interface SpendPermissionApproval {
  kind: 'spend_permission';
  /** The listener's address the grant takes from, checksummed. */
  address: string;
  chain: { id: number; name: string };
  /** The chain's currency (the native token's symbol and decimals, and the upgrade's fee). */
  currency: NativeCurrency;
  grant: {
    type: 'native-token-periodic' | 'erc20-token-periodic';
    /** The site's session account: the only one that may take, checksummed. */
    redeemer: string;
    token:
      | { kind: 'native'; symbol: string; decimals: number }
      | { kind: 'erc20'; address: string; symbol: string | null; decimals: number };
    periodAmount: string;
    periodSeconds: number;
    /** Unix seconds. */
    start: number;
    /** The start is now or already past: the first period is the current one. */
    startsNow: boolean;
    /** Unix seconds: nothing can be taken at or after it. */
    expiry: number;
    /** How many periods can be taken in, from now to the expiry. */
    periods: number;
    /** `periodAmount` × `periods`. */
    maxTotal: string;
    /** The site's own words about why, or null. */
    justification: string | null;
  };
  /**
   * The one-time upgrade of the listener's address to Encore's delegate (which accepts
   * redemptions), sent from the listener's balance with the grant; null when it already runs it.
   */
  upgrade: {
    delegate: string;
    /** The delegate it runs now (an older Encore delegate, or another wallet's), or null. */
    replaces: string | null;
    /** The upgrade transaction, exactly as it is signed: its fee is `review.maxFeeWei`. */
    review: TransactionReview;
  } | null;
  /**
   * The daily limit as it stands for the grant: its most in total (native grants), the upgrade's
   * fee, and any token grant (which needs the password under a limit, as a token transfer does).
   */
  spending: SpendingState;
}

/** Typed data to sign (eth_signTypedData_v4), in the canonical form that is signed. */
export interface TypedDataApproval {
  kind: 'typed_data';
  address: string;
  typedData: TypedDataPayload;
  currentChainId: number;
  /** What signing lets another address take of the account's tokens, or null: no permit. */
  permit: PermitApproval | null;
}

/**
 * A permit asked as a signature: an approval (or a transfer) the site can submit itself, held
 * against the daily limit of its chain as the same permit sent in a transaction would be.
 */
export interface PermitApproval {
  grant: PermitGrant;
  /** The chain the permit names (its domain's chainId); null: it names none, so any chain. */
  chainId: number | null;
  /** Why the person must type their password; null on a chain with no limit. */
  passwordRequired: SpendingReason | null;
  /**
   * What each granted token (by lower-case address) says of itself, read on the current chain
   * when the permit names it; a token missing here was not read (another chain, or no chain
   * named), and its amount is shown in raw units, said so.
   */
  tokenInfo?: Record<string, PermitTokenInfo>;
}

/** A token's own claim about itself: each null when the read failed or the answer was unusable. */
export interface PermitTokenInfo {
  symbol: string | null;
  decimals: number | null;
}

/**
 * A batch of calls (wallet_sendCalls), run atomically from the listener's address, paid for by a
 * sponsor or from the listener's own balance. Derived from the canonical batch the worker keeps
 * and signs.
 */
export type CallsApproval = SponsoredCallsApproval | OwnCallsApproval;

interface CallsApprovalBase {
  kind: 'calls';
  /** The account the calls run as (msg.sender), checksummed. */
  address: string;
  chain: { id: number; name: string };
  /** The chain's currency, as the settings say: every amount of it is shown in these units. */
  currency: NativeCurrency;
  calls: {
    to: string;
    /** Wei, decimal. */
    value: string;
    data: string;
    call: CallDescription;
    summary: string;
    /** What this call alone deserves a warning for (an unlimited approval, a burn…). */
    warnings: TransactionWarning[];
    /** The approval the call grants, by size; null for calls that grant none. */
    approval: 'unlimited' | 'large' | 'capped' | null;
  }[];
  /** The one-time upgrade of the account to Encore's own account contract, or null. */
  upgrade: { delegate: string; replaces: string | null } | null;
  /**
   * The daily limit as it stands for what the calls take from the balance (their values, the
   * fee when the listener pays it, the tokens they let go), whoever pays the fee.
   */
  spending: SpendingState;
}

/**
 * A batch the site's sponsor pays for. The sponsor is asked nothing before the person approves:
 * its gas limits (which cost the listener nothing, the fees being zero) join the batch only then.
 */
export interface SponsoredCallsApproval extends CallsApprovalBase {
  payment: 'sponsor';
  /**
   * Who pays the fee: the sponsor the site named, by host; `localNetwork` when its URL names the
   * person's own computer or network (accepted only from a page served from this computer);
   * `recognized` when such a service is the backend Encore itself uses (`make start`'s paymaster)
   * or the asking page's own server: the window says what it is instead of warning.
   */
  paidBy: { host: string; localNetwork: boolean; recognized: LocalService | null };
  /**
   * Set when the site's service is an ERC-7677 paymaster (`paidBy` is its host): the operation
   * goes through the chain's bundler, named here by `host[:port]` from the settings. The
   * paymaster contract is named by the service only after the approval (Activity shows it).
   */
  paymasterService?: { bundler: string };
  /** The last second (Unix time) the batch may run. */
  deadline: number;
  /**
   * Encore's own run of the calls from the account at the latest block, before the window: the
   * sponsor's own check comes only after the person approves.
   */
  simulation: Simulation;
}

/**
 * A batch the listener pays for: one transaction from the account to itself that runs the calls
 * (and carries the upgrade when the account needs it). `review.transaction` is exactly what is
 * signed, with the fee, simulation and balance as for any transaction; `valueWei` is what the
 * calls send from the balance besides.
 */
export interface OwnCallsApproval extends CallsApprovalBase {
  payment: 'own';
  review: TransactionReview;
  /** Wei, decimal: the sum of the calls' values. */
  valueWei: string;
  /** Balance − the calls' values − the expected fee; null when the chain did not say. */
  balanceAfterWei: string | null;
}

/**
 * A transaction to sign and send (eth_sendTransaction). `review.transaction` is exactly what is
 * signed; every line the window shows is derived from `review`.
 */
export interface TransactionApproval {
  kind: 'transaction';
  /** The sending account, checksummed. */
  address: string;
  chain: { id: number; name: string };
  review: TransactionReview;
  spending: SpendingState;
  /**
   * The site set the nonce of one of its own pending transactions: this one replaces it (a
   * speed-up or a cancel), and the window says so. False for any other request.
   */
  replacesPending: boolean;
}

/** The daily spending limit as it stands for this transaction (amounts in wei, decimal). */
export interface SpendingState {
  /** null: this chain has no limit. */
  limitWei: string | null;
  /** Spent in the last 24 hours, counting each transaction at the most it could cost. */
  spentWei: string;
  /** What this request counts: the values it sends and the most its fee can be, if paid. */
  costWei: string;
  /**
   * Why the person must type their password to approve it; null when they need not. `tokens`:
   * it moves the account's tokens or lets another address move them (any amount, under a limit).
   */
  passwordRequired: SpendingReason | null;
}

/** How a request was approved: with the password confirmed, or by a button alone. */
export interface ApprovalDecision {
  passwordConfirmed: boolean;
}

/**
 * A site asks Encore to know a chain (wallet_addEthereumChain): exactly `chain` is saved, and its
 * RPC URL is where the sites' chain reads go on that chain.
 */
export interface AddChainApproval {
  kind: 'add_chain';
  chain: AddedChain;
  /** One of Encore's own chains: only its RPC URL is set. */
  builtIn: boolean;
  /** The RPC URL the chain had, which this one replaces, or null. */
  replacesRpcUrl: string | null;
  /**
   * The currency an added chain had, when this request changes its name, symbol or decimals (the
   * window shows old → new), or null. A built-in chain keeps its own currency.
   */
  replacesCurrency: AddedChain['nativeCurrency'] | null;
  /**
   * The RPC URL names the person's own machine or network (loopback, private, link-local): the
   * window says so, since a site cannot reach such hosts itself but the worker would.
   */
  localNetwork: boolean;
}

/**
 * An ID token request: the user shown is the one put in the token (no second catalog lookup),
 * for the site asking, valid for `lifetimeSeconds`.
 */
export interface IdTokenApproval {
  kind: 'id_token';
  address: string;
  user: IdTokenSubject;
  lifetimeSeconds: number;
}

export interface PendingApproval {
  id: string;
  /** Taken from the requesting port's sender, never from the site's payload. */
  origin: string;
  details: ApprovalDetails;
  createdAt: number;
}

export interface ApprovalSnapshot {
  /** Counts the times the worker raised the window: each one re-arms its buttons' delay. */
  raised: number;
  loggedIn: boolean;
  address: string | null;
  chainId: number;
  items: PendingApproval[];
}
