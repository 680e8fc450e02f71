// What the RPC pipeline needs, made from the worker's services: the session's wallet, the
// connections of whoever is logged in, the chain setting, the chain's node, the approval queue
// and the catalog.

import type { CatalogClient } from '@encore-wallet/catalog';
import { readTokenInfo } from '../../transactions/index.ts';
import type { ApprovalService } from '../approvals/index.ts';
import type { CallsService } from '../calls/index.ts';
import { createCatalogDeps } from '../catalog/index.ts';
import { type NodeClient, originReads } from '../node/index.ts';
import { type CurrentConnections, connectedForSomeAccount } from '../permissions/index.ts';
import { type RpcDeps, toHexChainId, UnrecognizedChainError } from '../rpc/index.ts';
import type { WalletSession } from '../session/index.ts';
import {
  addChainPatch,
  getSettings,
  knownChain,
  spendingLimitFor,
  updateSettings,
} from '../settings/index.ts';
import type { GrantService } from '../spend-permissions/index.ts';
import type { TransactionService } from '../transactions/index.ts';

export interface RpcDepsSources {
  session: WalletSession;
  connections: CurrentConnections;
  approvals: ApprovalService;
  catalogClient(): Promise<CatalogClient>;
  /** The current chain's node (one client for the worker's life: it holds every budget). */
  node: NodeClient;
  /** The send path (prepares approvals, sends what was approved). */
  transactions: TransactionService;
  /** EIP-5792 batches a sponsor pays for. */
  calls: CallsService;
  /** ERC-7715 spend permissions: the window's view, the signature, the grants kept. */
  spendPermissions: GrantService;
}

export function createRpcDeps(sources: RpcDepsSources): RpcDeps {
  const {
    session,
    connections,
    approvals,
    catalogClient,
    node,
    transactions,
    calls,
    spendPermissions,
  } = sources;
  return {
    // The address at once; the wallet is derived on the first signature.
    getWallet: () => session.getSigner(),
    ready: () => session.ready(),
    // A site is connected to an account, not to the browser: each check is for whoever is
    // logged in at that moment. Logged out, isConnected only tells the pipeline whether a log-in
    // prompt could help (some account connected the site); every grant is checked again after
    // the login.
    permissions: {
      isConnected: (origin) =>
        session.getAddress() ? connections.isConnected(origin) : connectedForSomeAccount(origin),
      connectedAt: connections.connectedAt,
      connect: connections.connect,
      revoke: async (origin) => {
        await connections.revoke(origin);
      },
    },
    chain: {
      get: async () => (await getSettings()).chainId,
      set: async (chainId) => {
        if (!knownChain(await getSettings(), chainId)) {
          throw new UnrecognizedChainError(toHexChainId(chainId));
        }
        await updateSettings({ chainId });
      },
      known: async (chainId) => knownChain(await getSettings(), chainId) ?? null,
      spendingLimit: async (chainId) => {
        const settings = await getSettings();
        const currency = knownChain(settings, chainId)?.currency ?? { symbol: 'ETH', decimals: 18 };
        return spendingLimitFor(settings, chainId, currency);
      },
      readToken: async (origin, address) => {
        const info = await readTokenInfo(originReads(node, origin), address, ['erc20']);
        return { symbol: info.symbol, decimals: info.decimals };
      },
      addedCount: async () => (await getSettings()).addedChains.length,
      add: async (chain) => {
        await updateSettings(addChainPatch(await getSettings(), chain));
      },
    },
    node,
    approvals: { request: (origin, details, signal) => approvals.request(origin, details, signal) },
    transactions,
    calls,
    spendPermissions,
    catalog: createCatalogDeps({
      client: catalogClient,
      idTokenLifetimeSeconds: async () => (await getSettings()).idTokenLifetimeSeconds,
    }),
  };
}
