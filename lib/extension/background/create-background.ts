// The worker's composition root: every service is built here and handed what it needs, and the
// events between them are wired here. Nothing else in the extension creates a service or keeps
// one in a module variable.

import type { BackendFns } from '@encore-wallet/backend-client';
import { readDelegateTable } from '@encore-wallet/calls';
import { NotLoggedInError } from '@encore-wallet/core';
import { createActivityService, createActivityStore } from '../activity/index.ts';
import { type ApprovalService, createApprovalService } from '../approvals/index.ts';
import { createCallsService, createSentCallsStore } from '../calls/index.ts';
import { createCatalogClientSource, createLinkedProfiles } from '../catalog/index.ts';
import {
  CLIPBOARD_CLEAR_MS,
  type ClipboardGuardService,
  createClipboardGuard,
} from '../clipboard/index.ts';
import { createRouter, messageHandlers, type Router } from '../messages/index.ts';
import { createMoveGate, createMoveService, guardRpcDeps } from '../move/index.ts';
import { createNodeClient, originReads } from '../node/index.ts';
import { currentConnections, onPermissionsChanged } from '../permissions/index.ts';
import { ProviderHub } from '../rpc/index.ts';
import type { WalletSession } from '../session/index.ts';
import { getSettings, SUPPORTED_CHAINS } from '../settings/index.ts';
import {
  createGrantOverview,
  createGrantService,
  createGrantStore,
  redemptionEntries,
} from '../spend-permissions/index.ts';
import type { WalletSealer } from '../storage/index.ts';
import {
  createNonceReservations,
  createSpendingLedger,
  createTransactionService,
  sessionNonceMemory,
  WALLET_ORIGIN,
} from '../transactions/index.ts';
import { createAddedTokens, createDismissedStore, createHoldingsReader } from '../value/index.ts';
import { createWalletSession } from './create-wallet-session.ts';
import { currentKnownChain, currentSendingChain, readableChains } from './current-chain.ts';
import { followChain } from './follow-chain.ts';
import { listenForPorts } from './ports.ts';
import { createRpcDeps } from './rpc-deps.ts';
import { showActivityWindow } from './show-activity.ts';

/** The node client's budget key for the holdings' reads (no site's origin looks like it). */
const HOLDINGS_ORIGIN = 'encore:holdings';

/** After an answer leaves the worker, time for the page to paint it before the derivation runs. */
const BACKGROUND_DERIVE_DELAY_MS = 100;

declare global {
  interface ImportMetaEnv {
    /**
     * JSON `{ "<chainId>": { address, codeHash, entryPoint, delegationManager, caveatEnforcers } }`:
     * Encore's own EIP-7702 delegate, and the Delegation Framework it accepts redemptions through,
     * per chain (`npm run chain` prints the local one). Malformed entries are ignored.
     */
    readonly WXT_DELEGATES?: string;
  }
}

export interface BackgroundOptions {
  /** The wallet records' backend; by default the one in the settings (tests keep it in memory). */
  backend?: BackendFns;
  /** Hears handler failures that reach a page only as INTERNAL. */
  onError?: (error: unknown) => void;
  /** Awaited before the stored wallet is derived (see WalletSessionDeps). */
  beforeDerive?: () => Promise<void>;
  /** Awaited before getState answers (see WalletMessageDeps). */
  beforeGetState?: () => Promise<void>;
  /** How long the clipboard guard waits (the browser tests' build may shorten it). */
  clipboardClearMs?: () => Promise<number>;
  /**
   * What seals the wallet values kept in storage.local; by default Firefox's (IndexedDB key),
   * none in Chromium. Tests pass one to run the Firefox layout.
   */
  sealer?: WalletSealer | null;
  /** The guard that outlives the popup; by default the browser's (tests record hand-offs). */
  clipboardGuard?: ClipboardGuardService;
}

export interface Background {
  session: WalletSession;
  /** Answers the popup, the options page and the approval window. */
  router: Router;
  approvals: ApprovalService;
  /** Serves the sites' provider ports. */
  hub: ProviderHub;
  /** Takes the copied recovery phrase back off the clipboard after the popup has closed. */
  clipboardGuard: ClipboardGuardService;
  /** Starts answering runtime messages and ports. */
  listen(): void;
}

export function createBackground(options: BackgroundOptions = {}): Background {
  const session = createWalletSession({
    backend: options.backend,
    beforeDerive: options.beforeDerive,
    sealer: options.sealer,
  });
  const connections = currentConnections(() => session.getAddress());
  const catalogClient = createCatalogClientSource();
  const approvals = createApprovalService({
    status: async () => {
      await session.ready();
      const { loggedIn, address } = session.getState();
      return { loggedIn, address, chainId: (await getSettings()).chainId };
    },
    confirmPassword: (password) => session.confirmPassword(password),
  });
  // One node client for the worker's life: it holds every site's budget of chain requests, and
  // the wallet's own (WALLET_ORIGIN).
  const node = createNodeClient({ currentChain: currentKnownChain });
  const walletReads = originReads(node, WALLET_ORIGIN);
  const activityStore = createActivityStore();
  const grants = createGrantStore();
  const activity = createActivityService({
    store: activityStore,
    // Only the current chain has a node to ask; a transaction on another waits for the popup.
    chainFor: async (chainId) => {
      const chain = await currentKnownChain();
      return chain.id === chainId && chain.rpcUrl ? walletReads : null;
    },
  });
  const transactions = createTransactionService({
    node,
    currentChain: currentSendingChain,
    ledger: createSpendingLedger(),
    nonces: createNonceReservations(Date.now, sessionNonceMemory()),
    activity,
  });
  const table = readDelegateTable(import.meta.env.WXT_DELEGATES);
  // While a move sends everything out, nothing else a site asks for leaves the account.
  const moveGate = createMoveGate();
  const siteTransactions = moveGate.guard(transactions);
  const wallet = async (account: string) => {
    const current = await session.getWallet();
    if (!current || current.address !== account) throw new NotLoggedInError();
    return current;
  };
  const calls = createCallsService({
    table,
    node,
    currentChain: currentSendingChain,
    chainIds: async () => [
      ...SUPPORTED_CHAINS.map((chain) => chain.id),
      ...(await getSettings()).addedChains.map((chain) => chain.id),
    ],
    store: createSentCallsStore(),
    // The chain's ERC-4337 bundler, as the settings name it (ERC-7677 paymasterService).
    bundlerUrl: async (chainId) => (await getSettings()).bundlerUrls[String(chainId)] ?? null,
    // The backend Encore signs in with: under `make start`, the development sponsor and paymaster.
    backendUrl: async () => (await getSettings()).backendUrl,
    transactions: siteTransactions,
    activity,
    showActivity: showActivityWindow,
    wallet,
  });
  const spendPermissions = createGrantService({
    table,
    node,
    currentChain: currentSendingChain,
    transactions: siteTransactions,
    wallet,
    store: grants,
  });
  const hub = new ProviderHub(
    guardRpcDeps(
      createRpcDeps({
        session,
        connections,
        approvals,
        catalogClient,
        node,
        transactions: siteTransactions,
        calls,
        spendPermissions,
      }),
      moveGate,
    ),
  );
  const addedTokens = createAddedTokens();
  // The holdings are read on a budget of their own: a popup reading many tokens never takes the
  // requests the send path needs.
  const holdings = createHoldingsReader({
    readableChains,
    currentChainId: async () => (await getSettings()).chainId,
    readsOn: (chain) => ({
      request: (method, params) => node.requestOn(HOLDINGS_ORIGIN, chain, method, params),
    }),
    sent: (account, chainId) => activityStore.list(account, chainId),
    addedTokens,
  });
  const move = createMoveService({
    table,
    node,
    currentChain: currentSendingChain,
    transactions,
    gate: moveGate,
    account: async () => {
      await session.ready();
      const address = session.getAddress();
      if (!address) throw new NotLoggedInError();
      return address;
    },
    confirmPassword: (password) => session.confirmPassword(password),
    wallet,
    // The tokens the holdings reader knows on the chain (added by the person, or moved by
    // Encore's own transactions): a move takes every one it holds.
    tokens: async (account, chainId) =>
      (await holdings.read(account)).chains
        .find((held) => held.chain.id === chainId)
        ?.tokens.map((token) => token.address) ?? [],
  });
  // The popup's list of grants, read from the chain, and the listener's revoke.
  const grantOverview = createGrantOverview({
    grants,
    currentChain: currentSendingChain,
    rpc: walletReads,
    transactions,
    signer: wallet,
  });
  const clipboardGuard =
    options.clipboardGuard ??
    createClipboardGuard(options.clipboardClearMs ?? (async () => CLIPBOARD_CLEAR_MS));
  const router = createRouter({
    handlers: messageHandlers({
      session,
      connections,
      catalogClient,
      approvals,
      pendingApprovals: () => approvals.pendingCount(),
      beforeGetState: options.beforeGetState,
      clipboardGuard,
      activity,
      currentChain: currentKnownChain,
      walletReads,
      readableChains,
      redemptions: async (account) =>
        redemptionEntries(account, await grantOverview.list(account), Date.now()),
      readsOn: (chain) => ({
        request: (method, params) => node.requestOn(WALLET_ORIGIN, chain, method, params),
      }),
      holdings,
      addedTokens,
      dismissed: createDismissedStore(),
      linkedProfiles: createLinkedProfiles(),
      move,
      grants,
      grantOverview,
    }),
    onError: options.onError,
    // No handler reads storage before the session's ready(), which migrates it first.
    ready: () => session.ready(),
    // The popup's first answer comes from the snapshot; the wallet follows once it is sent.
    afterAnswer: () => session.deriveInBackground(BACKGROUND_DERIVE_DELAY_MS),
  });

  // Logins, logouts, revokes and chain switches reach the sites they concern and the window.
  session.onAccountChanged((address) => {
    if (address) approvals.resolveLogins();
    void approvals.refresh();
    void hub.refreshAccounts();
  });
  onPermissionsChanged(() => void hub.refreshAccounts());
  followChain(session, (chainId) => {
    hub.chainChanged(chainId);
    void approvals.refresh();
  });

  return {
    session,
    router,
    approvals,
    hub,
    clipboardGuard,
    listen() {
      router.listen();
      listenForPorts({ approvals, hub });
    },
  };
}
