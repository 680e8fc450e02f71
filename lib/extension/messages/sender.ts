import type { Browser } from 'wxt/browser';
import { browser } from 'wxt/browser';

export type MessageSender = Browser.runtime.MessageSender;

/**
 * True when the message comes from one of this extension's own pages (popup, options, approval),
 * judged by the sender's URL. Never by a missing `sender.tab`: the popup opened as a tab has one,
 * and a content script's sender has a tab too.
 */
export function isExtensionPage(sender: MessageSender): boolean {
  if (sender.id !== undefined && sender.id !== browser.runtime.id) return false;
  const root = browser.runtime.getURL('/');
  return typeof sender.url === 'string' && sender.url.startsWith(root);
}

/** The origin a sender speaks for, taken from the browser's own record of it, never a payload. */
export function senderOrigin(sender: MessageSender): string | null {
  if (sender.origin && sender.origin !== 'null') return sender.origin;
  if (!sender.url) return null;
  try {
    const origin = new URL(sender.url).origin;
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

/** The popup's own page, as the manifest's action names it (also when opened as a tab). */
export const POPUP_PATH = '/popup.html';

/** True when the message comes from this extension's popup page and no other page of it. */
export function isPopupPage(sender: MessageSender): boolean {
  if (!isExtensionPage(sender) || typeof sender.url !== 'string') return false;
  try {
    return new URL(sender.url).pathname === POPUP_PATH;
  } catch {
    return false;
  }
}
