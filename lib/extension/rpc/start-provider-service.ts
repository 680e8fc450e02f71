// Background wiring for the provider side: the site ports, the approval queue and window, and
// the events that follow logins, logouts, revokes and chain switches. Called once per worker start.

import { type Browser, browser } from 'wxt/browser';
import type { CatalogClient } from '../../catalog/index.ts';
import { createApprovalWindow } from '../approvals/approval-window.ts';
import { registerProviderMessages } from '../approvals/messages.ts';
import { ApprovalQueue } from '../approvals/queue.ts';
import type { ApprovalSnapshot } from '../approvals/types.ts';
import { createCatalogDeps } from '../catalog/index.ts';
import { isExtensionPage, type MessageSender, type Router } from '../messages/index.ts';
import {
  connectedForSomeAccount,
  currentConnections,
  normalizeOrigin,
  onPermissionsChanged,
} from '../permissions/index.ts';
import { APPROVAL_PORT_NAME, PROVIDER_PORT_NAME } from '../protocol/index.ts';
import type { WalletSession } from '../session/index.ts';
import { setPendingApprovalsCounter } from '../session/index.ts';
import { findChain, getSettings, onSettingsChanged, updateSettings } from '../settings/index.ts';
import { UnrecognizedChainError } from './errors.ts';
import { toHexChainId } from './internal/accounts.ts';
import { ProviderHub } from './provider-hub.ts';
import type { RpcDeps } from './types.ts';

export interface ProviderService {
  hub: ProviderHub;
  queue: ApprovalQueue;
}

export function startProviderService(
  router: Router,
  session: WalletSession,
  catalogClient: () => Promise<CatalogClient>,
): ProviderService {
  // Each raise of the approval window is counted into the snapshot, which reaches the window
  // before the raise does: the window re-arms its buttons' delay whenever the count changes.
  let raised = 0;
  const queue: ApprovalQueue = new ApprovalQueue(
    createApprovalWindow({
      onClosed: () => queue.rejectAll('closed'),
      beforeRaise: () => {
        raised += 1;
        return pushSnapshot();
      },
    }),
  );

  // A site is connected to an account, not to the browser: each check is for whoever is logged
  // in at that moment. Logged out, isConnected only tells the pipeline whether a log-in prompt
  // could help (some account connected the site); every grant is checked again after the login.
  const connections = currentConnections(() => session.getWallet()?.address ?? null);
  const deps: RpcDeps = {
    getWallet: () => session.getWallet(),
    ready: () => session.ready(),
    permissions: {
      isConnected: (origin) =>
        session.getWallet() ? connections.isConnected(origin) : connectedForSomeAccount(origin),
      connectedAt: connections.connectedAt,
      connect: connections.connect,
      revoke: async (origin) => {
        await connections.revoke(origin);
      },
    },
    chain: {
      get: async () => (await getSettings()).chainId,
      set: async (chainId) => {
        if (!findChain(chainId)) throw new UnrecognizedChainError(toHexChainId(chainId));
        await updateSettings({ chainId });
      },
      supported: (chainId) => findChain(chainId) !== undefined,
    },
    approvals: { request: (origin, details, signal) => queue.request(origin, details, signal) },
    catalog: createCatalogDeps({
      client: catalogClient,
      idTokenLifetimeSeconds: async () => (await getSettings()).idTokenLifetimeSeconds,
    }),
  };
  const hub = new ProviderHub(deps);

  const snapshot = async (): Promise<ApprovalSnapshot> => {
    await session.ready();
    const { loggedIn, address } = session.getState();
    const { chainId } = await getSettings();
    return { raised, loggedIn, address, chainId, items: queue.list() };
  };

  // Approval windows listening for changes.
  const approvalPorts = new Set<Browser.runtime.Port>();
  /** Resolves once every open approval window has been sent the current snapshot. */
  const pushSnapshot = async (): Promise<void> => {
    if (approvalPorts.size === 0) return;
    const snap = await snapshot();
    for (const port of approvalPorts) {
      try {
        port.postMessage(snap);
      } catch {
        approvalPorts.delete(port);
      }
    }
  };

  browser.runtime.onConnect.addListener((port) => {
    const sender: MessageSender | undefined = port.sender;
    if (port.name === APPROVAL_PORT_NAME) {
      if (!sender || !isExtensionPage(sender)) return port.disconnect();
      approvalPorts.add(port);
      port.onDisconnect.addListener(() => approvalPorts.delete(port));
      void pushSnapshot();
      return;
    }
    if (port.name !== PROVIDER_PORT_NAME) return;
    const origin = siteOrigin(sender);
    if (!origin) return port.disconnect();
    hub.accept(port, origin);
  });

  queue.onChange(() => void pushSnapshot());
  session.onAccountChanged((address) => {
    if (address) queue.resolveLogins();
    void pushSnapshot();
    void hub.refreshAccounts();
  });
  onPermissionsChanged(() => void hub.refreshAccounts());
  let chainId: number | null = null;
  void session
    .ready()
    .then(getSettings)
    .then((settings) => {
      chainId ??= settings.chainId;
    })
    .catch(() => undefined);
  onSettingsChanged((settings) => {
    if (settings.chainId === chainId) return;
    chainId = settings.chainId;
    hub.chainChanged(settings.chainId);
    void pushSnapshot();
  });
  setPendingApprovalsCounter(() => queue.list().filter((a) => a.details.kind !== 'login').length);
  registerProviderMessages(router, { queue, snapshot });
  return { hub, queue };
}

/**
 * The site a provider port speaks for: a content script of this extension in a tab, judged by
 * the browser's sender record. Extension pages and other extensions are refused.
 */
function siteOrigin(sender: MessageSender | undefined): string | null {
  if (!sender || sender.id !== browser.runtime.id || !sender.tab || isExtensionPage(sender)) {
    return null;
  }
  try {
    const raw = sender.origin ?? (sender.url ? new URL(sender.url).origin : null);
    if (!raw) return null;
    const origin = normalizeOrigin(raw);
    return /^https?:$/.test(new URL(origin).protocol) ? origin : null;
  } catch {
    return null;
  }
}
