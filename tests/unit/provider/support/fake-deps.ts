// Injected dependencies for the RPC pipeline: a real ethers wallet, in-memory permissions and
// chain, and an approval queue whose answers the test decides.

import type { DelegateTable } from '@encore-wallet/calls';
import type { IdTokenSubject } from '@encore-wallet/catalog';
import { Wallet } from 'ethers';
import type {
  ApprovalDetails,
  TransactionApproval,
} from '../../../../lib/extension/approvals/index.ts';
import { NodeUnavailableError } from '../../../../lib/extension/node/index.ts';
import type { RpcContext, RpcDeps, RpcSigner } from '../../../../lib/extension/rpc/index.ts';
import { UserRejectedError } from '../../../../lib/extension/rpc/index.ts';
import type { AddedChain } from '../../../../lib/extension/settings/index.ts';
import { buildReview, type SpendingLimit } from '../../../../lib/transactions/index.ts';

/** The built-in chains the fake offers, by id. */
const BUILT_IN: Record<number, string> = { 1: 'Ethereum', 11155111: 'Sepolia' };

export const WALLET = new Wallet(`0x${'11'.repeat(32)}`);

export interface FakeWorld {
  deps: RpcDeps;
  loggedIn: boolean;
  connected: Map<string, number>;
  chainId: number;
  /** Built-in chains' RPC URLs, by id. */
  rpcUrls: Map<number, string>;
  addedChains: AddedChain[];
  /** What each RPC URL answers to eth_chainId (a URL not listed cannot be reached). */
  servedChains: Map<string, number>;
  asked: { origin: string; details: ApprovalDetails }[];
  /** What the person answers next; 'login' logs in when asked to. */
  answer: 'approve' | 'reject' | 'login';
  catalogUser: IdTokenSubject | null;
  /** What the chain's node was asked, in order. */
  nodeCalls: { origin: string; method: string; params: readonly unknown[] }[];
  /** Whether the next approval comes with the password confirmed. */
  passwordConfirmed: boolean;
  /** Transactions sent: who asked, what was approved, who signed, with the password or not. */
  sent: {
    origin: string;
    approval: TransactionApproval;
    signer: string;
    passwordConfirmed: boolean;
  }[];
  /** The logged-in wallet's key (WALLET unless a test brings its own). */
  wallet: Wallet;
  /** The delegates the build pins (none unless a test names some). */
  delegates: DelegateTable;
  /** Each chain's daily spending limit; a chain not listed has none. */
  spendingLimits: Map<number, SpendingLimit>;
  ctx(origin: string): RpcContext;
}

export function fakeWorld(): FakeWorld {
  const admitted: string[] = [];
  const world: FakeWorld = {
    loggedIn: true,
    connected: new Map(),
    chainId: 1,
    rpcUrls: new Map(),
    addedChains: [],
    servedChains: new Map(),
    asked: [],
    answer: 'approve',
    nodeCalls: [],
    passwordConfirmed: false,
    sent: [],
    delegates: new Map(),
    spendingLimits: new Map(),
    wallet: WALLET,
    catalogUser: { id: 'u1', handle: 'ray', name: 'Ray', verified: true, profilePicture: null },
    ctx: (origin) => ({ origin, deps: world.deps }),
    deps: {
      getWallet: () => (world.loggedIn ? (world.wallet as unknown as RpcSigner) : null),
      ready: async () => {},
      permissions: {
        isConnected: async (origin) => world.connected.has(origin),
        connectedAt: async (origin) => world.connected.get(origin) ?? null,
        connect: async (origin) => {
          if (!world.connected.has(origin)) world.connected.set(origin, 1000);
        },
        revoke: async (origin) => {
          world.connected.delete(origin);
        },
      },
      chain: {
        get: async () => world.chainId,
        set: async (id) => {
          world.chainId = id;
        },
        known: async (id) => {
          const builtIn = BUILT_IN[id];
          if (builtIn) {
            return {
              id,
              name: builtIn,
              rpcUrl: world.rpcUrls.get(id) ?? null,
              builtIn: true,
              currency: { symbol: 'ETH', decimals: 18 },
              explorerUrl: null,
            };
          }
          const added = world.addedChains.find((chain) => chain.id === id);
          return added
            ? {
                id,
                name: added.name,
                rpcUrl: added.rpcUrl,
                builtIn: false,
                currency: {
                  symbol: added.nativeCurrency.symbol,
                  decimals: added.nativeCurrency.decimals,
                  name: added.nativeCurrency.name,
                },
                explorerUrl: added.blockExplorerUrls[0] ?? null,
              }
            : null;
        },
        spendingLimit: async (id) => world.spendingLimits.get(id) ?? { kind: 'unlimited' },
        addedCount: async () => world.addedChains.length,
        add: async (chain) => {
          if (BUILT_IN[chain.id]) world.rpcUrls.set(chain.id, chain.rpcUrl);
          else {
            world.addedChains = [...world.addedChains.filter((c) => c.id !== chain.id), chain];
          }
        },
      },
      approvals: {
        request: async (origin, details) => {
          world.asked.push({ origin, details });
          if (details.kind === 'login' && world.answer === 'login') {
            world.loggedIn = true;
            return { passwordConfirmed: false };
          }
          if (world.answer !== 'approve') throw new UserRejectedError();
          return { passwordConfirmed: world.passwordConfirmed };
        },
      },
      node: {
        // Reads are admitted, then forwarded, one after the other: the origin goes between them.
        admit: (origin) => {
          admitted.push(origin);
        },
        forward: async (method, params) => {
          world.nodeCalls.push({ origin: admitted.shift() ?? '', method, params });
          return `${method} from the node`;
        },
        chainIdAt: async (url) => {
          const served = world.servedChains.get(url);
          if (served === undefined) throw new NodeUnavailableError('could not be reached');
          return served;
        },
      },
      // A plain transfer, as the real service would prepare it for the request's fields.
      transactions: {
        prepare: async (_origin, request, account) => ({
          kind: 'transaction',
          address: account,
          chain: { id: world.chainId, name: BUILT_IN[world.chainId] ?? 'chain' },
          review: buildReview(
            {
              chainId: world.chainId,
              from: account,
              to: request.to,
              value: (request.value ?? 0n).toString(),
              data: request.data,
              gasLimit: '21000',
              fee: { type: 0, gasPrice: '1' },
              nonce: request.nonce ?? null,
              accessList: [],
            },
            21_000n,
            {
              call: { kind: 'native' },
              simulation: { outcome: 'success' },
              balanceWei: null,
              toHasCode: false,
              currency: { symbol: 'ETH', decimals: 18 },
            },
          ),
          spending: { limitWei: null, spentWei: '0', costWei: '0', passwordRequired: null },
          replacesPending: false,
        }),
        send: async (origin, approval, signer, passwordConfirmed) => {
          world.sent.push({ origin, approval, signer: signer.address, passwordConfirmed });
          return `0x${'ab'.repeat(32)}`;
        },
      },
      // Spend permissions have tests of their own (tests/unit/spend-permissions), which put the
      // real grant service here; elsewhere, none is granted.
      spendPermissions: {
        supported: () => ({}),
        prepare: async () => {
          throw new Error('not in these tests');
        },
        grant: async () => {
          throw new Error('not in these tests');
        },
        granted: async () => [],
      },
      // Sponsored batches have tests of their own (tests/unit/calls-extension); here, none.
      calls: {
        capabilities: async () => ({}),
        prepare: async () => {
          throw new Error('not in these tests');
        },
        send: async () => {
          throw new Error('not in these tests');
        },
        status: async () => {
          throw new Error('not in these tests');
        },
        show: async () => {
          throw new Error('not in these tests');
        },
        pinnedDelegates: () => world.delegates,
      },
      catalog: {
        findUser: async () => world.catalogUser,
        createIdToken: async (wallet, user, { audience, lifetimeSeconds }) =>
          `token-for-${user.id}-by-${wallet.address}-to-${audience}-for-${lifetimeSeconds}s`,
        idTokenLifetimeSeconds: async () => 300,
      },
    },
  };
  return world;
}
