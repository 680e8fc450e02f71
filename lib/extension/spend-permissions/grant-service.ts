// The worker's side of ERC-7715: a site's request read into the canonical grant against the
// wallet's own facts (the sender's origin, the connected account and chain, the pinned
// Delegation Framework, the chain's latest block time, the token's own answers), shown in the
// approval window; once approved, the listener's address upgraded to Encore's delegate if it does
// not run it yet (the upgrade mined before anything is signed: a redemption before it would
// fail), the delegation built and signed with the listener's key here in the worker (never
// through eth_signTypedData_v4, which refuses delegations), kept, and answered in the kit's shape.
// What was shown is what is signed: the approval's prepared grant is kept beside it, never rebuilt
// from the page.

import {
  type Address,
  type CallsSigner,
  type DelegateTable,
  type PinnedDelegate,
  readDelegation,
} from '@encore-wallet/calls';
import { type ChainRpc, readLatestBlock } from '@encore-wallet/utils/chain-rpc';
import {
  buildGrantDelegation,
  type CanonicalGrant,
  delegationTypedData,
  InvalidPermissionRequestError,
  type PermissionResponse,
  parsePermissionRequest,
  permissionContext,
  permissionResponse,
  randomSalt,
  supportedPermissions,
} from '../../permissions/index.ts';
import type { TransactionCost } from '../../transactions/index.ts';
import type { SpendPermissionApproval } from '../approvals/index.ts';
import {
  type CallsChain,
  type OwnBatch,
  type OwnBatchSending,
  prepareOwnBatch,
  sendOwnBatch,
} from '../calls/index.ts';
import { type OriginRequests, originReads } from '../node/index.ts';
import { WALLET_ORIGIN } from '../transactions/index.ts';
import { GrantUpgradeFailedError } from './errors.ts';
import type { GrantStore } from './grant-store.ts';
import { storedGrantFrom } from './stored-grant-from.ts';

type Hex = `0x${string}`;

/** One granted permission as `wallet_requestExecutionPermissions` answers it. */
export type PermissionAnswer = Readonly<Record<string, unknown>> & PermissionResponse;

export interface GrantServiceDeps {
  table: DelegateTable;
  node: OriginRequests;
  currentChain(): Promise<CallsChain>;
  /** The send path: the upgrade goes through it (nonce, limit, Activity) and the limit's state. */
  transactions: OwnBatchSending;
  /** The logged-in wallet, derived, if it is `account`'s (throws otherwise). */
  wallet(account: string): Promise<CallsSigner>;
  store: GrantStore;
  /** Milliseconds; the wallet's clock for `grantedAt` and the upgrade's wait. */
  now?: () => number;
  /** How often the upgrade's receipt is read while it is not mined. */
  receiptPollMs?: number;
}

export interface GrantService {
  /** `wallet_getSupportedExecutionPermissions`' answer: every chain the build pins a framework on. */
  supported(): Record<string, { chainIds: Hex[]; ruleTypes: string[] }>;
  /** What the window shows for `request` from `origin`, for the connected `account`. */
  prepare(origin: string, request: unknown, account: string): Promise<SpendPermissionApproval>;
  /** Upgrades if shown, signs and keeps exactly the approved grant; the site's answer. */
  grant(
    origin: string,
    approval: SpendPermissionApproval,
    account: string,
    passwordConfirmed: boolean,
  ): Promise<PermissionAnswer>;
  /** `origin`'s grants from `account` on the current chain that were not revoked. */
  granted(origin: string, account: string): Promise<PermissionAnswer[]>;
}

interface Prepared {
  readonly origin: string;
  readonly request: Readonly<Record<string, unknown>>;
  readonly grant: CanonicalGrant;
  readonly pinned: PinnedDelegate;
  readonly upgrade: OwnBatch | null;
}

/** How long the grant waits for its upgrade to be mined before it gives up (signing nothing). */
const UPGRADE_WAIT_MS = 120_000;

export function createGrantService(deps: GrantServiceDeps): GrantService {
  const now = deps.now ?? Date.now;
  const prepared = new WeakMap<SpendPermissionApproval, Prepared>();
  const walletReads = originReads(deps.node, WALLET_ORIGIN);

  async function minedUpgrade(hash: string): Promise<void> {
    const deadline = now() + UPGRADE_WAIT_MS;
    for (;;) {
      const receipt = await walletReads.request('eth_getTransactionReceipt', [hash]);
      const status =
        receipt && typeof receipt === 'object' ? (receipt as { status?: unknown }).status : null;
      if (status === '0x1') return;
      if (status === '0x0') {
        throw new GrantUpgradeFailedError(
          `The upgrade of your address failed on chain (transaction ${hash}): no permission was granted.`,
          { hash },
        );
      }
      if (now() >= deadline) {
        throw new GrantUpgradeFailedError(
          `The upgrade of your address (transaction ${hash}) was not mined in time: no permission was granted. Ask again once it is.`,
          { hash },
        );
      }
      await new Promise((resolve) => setTimeout(resolve, deps.receiptPollMs ?? 500));
    }
  }

  function costOf(grant: CanonicalGrant, upgrade: OwnBatch | null): TransactionCost {
    const fee = upgrade ? BigInt(upgrade.approval.review.maxFeeWei) : 0n;
    return grant.token.kind === 'native'
      ? { wei: grant.maxTotal + fee, unlimited: false, tokens: false }
      : { wei: fee, unlimited: false, tokens: true };
  }

  function approvalOf(
    grant: CanonicalGrant,
    chain: CallsChain,
    upgrade: OwnBatch | null,
    chainNow: number,
  ): Omit<SpendPermissionApproval, 'spending'> {
    const { token } = grant;
    return {
      kind: 'spend_permission',
      address: grant.from,
      chain: { id: chain.id, name: chain.name },
      currency: chain.currency,
      grant: {
        type: grant.type,
        redeemer: grant.redeemer,
        token:
          token.kind === 'native'
            ? { kind: 'native', symbol: token.symbol, decimals: token.decimals }
            : {
                kind: 'erc20',
                address: token.address,
                symbol: token.symbol,
                decimals: token.decimals,
              },
        periodAmount: grant.periodAmount.toString(),
        periodSeconds: grant.periodSeconds,
        start: grant.start,
        startsNow: grant.start <= chainNow,
        expiry: grant.expiry,
        periods: grant.periods,
        maxTotal: grant.maxTotal.toString(),
        justification: grant.justification,
      },
      upgrade:
        upgrade?.upgrade != null
          ? {
              delegate: upgrade.upgrade.delegate,
              replaces: upgrade.upgrade.replaces,
              review: upgrade.approval.review,
            }
          : null,
    };
  }

  async function upgradeFor(
    rpc: ChainRpc,
    chain: CallsChain,
    account: Address,
    pinned: PinnedDelegate,
  ): Promise<OwnBatch | null> {
    const state = await readDelegation(rpc, account, pinned);
    if (state.kind === 'encore') return null;
    // An empty batch from the account to itself, carrying the authorization: the one-time
    // upgrade alone, reviewed and sent as any batch the listener pays for.
    return prepareOwnBatch({
      table: deps.table,
      chain,
      account,
      calls: [],
      rpc,
      transactions: deps.transactions,
    });
  }

  return {
    supported: () => supportedPermissions([...deps.table.keys()]),

    async prepare(origin, request, account) {
      const chain = await deps.currentChain();
      const pinned = deps.table.get(chain.id);
      if (!pinned) {
        throw new InvalidPermissionRequestError(
          'chainId',
          `is a chain where Encore grants no permissions (no Delegation Framework is pinned for chain ${chain.id})`,
        );
      }
      const rpc = originReads(deps.node, origin);
      const chainNow = Number((await readLatestBlock(rpc)).timestamp);
      const grant = await parsePermissionRequest(request, {
        origin,
        listener: account,
        chainId: chain.id,
        framework: {
          delegationManager: pinned.delegationManager,
          caveatEnforcers: { ...pinned.caveatEnforcers },
        },
        nativeCurrency: chain.currency,
        chain: rpc,
        now: chainNow,
      });
      const upgrade = await upgradeFor(rpc, chain, grant.from as Address, pinned);
      const approval: SpendPermissionApproval = {
        ...approvalOf(grant, chain, upgrade, chainNow),
        spending: await deps.transactions.spending(grant.from, costOf(grant, upgrade)),
      };
      prepared.set(approval, {
        origin,
        // The schema accepted exactly the kit's shape (nothing extra): an object.
        request: request as Readonly<Record<string, unknown>>,
        grant,
        pinned,
        upgrade,
      });
      return approval;
    },

    async grant(origin, approval, account, passwordConfirmed) {
      const state = prepared.get(approval);
      if (!state || state.origin !== origin || state.grant.from !== account) {
        throw new Error('wallet_requestExecutionPermissions grants only what this worker prepared');
      }
      const { grant, pinned, upgrade } = state;
      const wallet = await deps.wallet(account);
      if (upgrade?.upgrade) {
        const hash = await sendOwnBatch(upgrade, {
          origin,
          table: deps.table,
          wallet,
          transactions: deps.transactions,
          passwordConfirmed,
          summary: `One-time upgrade: lets ${new URL(origin).host} take what you granted`,
        });
        await minedUpgrade(hash);
      }
      const delegation = buildGrantDelegation(grant, pinned.caveatEnforcers, randomSalt());
      const typed = delegationTypedData(delegation, grant.chainId, pinned.delegationManager);
      const signature = (await wallet.signTypedData(
        typed.domain,
        typed.types,
        typed.message,
      )) as Hex;
      const signed = { ...delegation, signature };
      const context = permissionContext(signed);
      await deps.store.add(
        storedGrantFrom({
          grant,
          signed,
          context,
          delegationManager: pinned.delegationManager,
          request: state.request,
          grantedAt: now(),
        }),
      );
      return permissionResponse(state.request, context, pinned.delegationManager);
    },

    async granted(origin, account) {
      const chain = await deps.currentChain();
      const grants = await deps.store.list(account, chain.id);
      return grants
        .filter((grant) => grant.origin === origin && !grant.revoked)
        .map((grant) => permissionResponse(grant.request, grant.context, grant.delegationManager));
    },
  };
}
