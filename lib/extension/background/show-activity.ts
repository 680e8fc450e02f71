// wallet_showCallsStatus: the popup's page in a small window, opened on its Activity list (the
// toolbar popup itself cannot be opened from a site's request in every browser).
import { browser } from 'wxt/browser';

export async function showActivityWindow(): Promise<void> {
  await browser.windows.create({
    url: browser.runtime.getURL('/popup.html?view=activity'),
    type: 'popup',
    width: 380,
    height: 600,
    focused: true,
  });
}
