// The runtime ports into the worker, told apart by name: an approval window's (extension pages
// only) and a site's provider port (a content script of this extension in a tab).

import { browser } from 'wxt/browser';
import type { ApprovalService } from '../approvals/index.ts';
import { isExtensionPage, type MessageSender } from '../messages/index.ts';
import { normalizeOrigin } from '../permissions/index.ts';
import { APPROVAL_PORT_NAME, PROVIDER_PORT_NAME } from '../protocol/index.ts';
import type { ProviderHub } from '../rpc/index.ts';

export interface PortServices {
  approvals: ApprovalService;
  hub: ProviderHub;
}

export function listenForPorts({ approvals, hub }: PortServices): void {
  browser.runtime.onConnect.addListener((port) => {
    const sender: MessageSender | undefined = port.sender;
    if (port.name === APPROVAL_PORT_NAME) {
      if (!sender || !isExtensionPage(sender)) return port.disconnect();
      approvals.connectWindow(port);
      return;
    }
    if (port.name !== PROVIDER_PORT_NAME) return;
    const origin = siteOrigin(sender);
    if (!origin) return port.disconnect();
    hub.accept(port, origin);
  });
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
