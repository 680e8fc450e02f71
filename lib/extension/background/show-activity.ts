// wallet_showCallsStatus: the popup's page in a small window, opened on its Activity list (the
// toolbar popup itself cannot be opened from a site's request in every browser). One such window
// at a time: asked again, the open one comes to the front instead of another opening, so a site
// calling in a loop cannot bury the person in windows.
import { browser } from 'wxt/browser';

let windowId: number | null = null;
/** The window being created: requests meanwhile (two sites at once) wait for it, as approvals do. */
let opening: Promise<void> | null = null;
let listening = false;

export async function showActivityWindow(): Promise<void> {
  if (!listening) {
    listening = true;
    browser.windows.onRemoved.addListener((id) => {
      if (id === windowId) windowId = null;
    });
  }
  if (opening) return opening;
  if (windowId !== null) {
    try {
      await browser.windows.update(windowId, { focused: true });
      return;
    } catch {
      windowId = null; // closed behind our back
    }
  }
  opening = openWindow().finally(() => {
    opening = null;
  });
  return opening;
}

async function openWindow(): Promise<void> {
  const created = await browser.windows.create({
    url: browser.runtime.getURL('/popup.html?view=activity'),
    type: 'popup',
    width: 380,
    height: 600,
    focused: true,
  });
  windowId = created?.id ?? null;
}
