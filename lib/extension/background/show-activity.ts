// wallet_showCallsStatus: the popup's page in a small window, opened on its Activity list (the
// toolbar popup itself cannot be opened from a site's request in every browser). One such window
// at a time: asked again, the open one comes to the front instead of another opening, so a site
// calling in a loop cannot bury the person in windows.
import { browser } from 'wxt/browser';
import { createSingleWindow } from '../windows/index.ts';

const activityWindow = createSingleWindow({
  async open() {
    const created = await browser.windows.create({
      url: browser.runtime.getURL('/popup.html?view=activity'),
      type: 'popup',
      width: 380,
      height: 600,
      focused: true,
    });
    return created?.id ?? null;
  },
});
let listening = false;

export async function showActivityWindow(): Promise<void> {
  if (!listening) {
    listening = true;
    browser.windows.onRemoved.addListener((id) => void activityWindow.removed(id));
  }
  return activityWindow.show();
}
