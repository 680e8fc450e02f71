// Keeps the MAIN-world script that sets `isMetaMask` registered exactly while the setting is on.
// The page learns the setting from which scripts the browser injects, before its own scripts run:
// no message, no round trip a page could observe or time, nothing but the one flag.

import { browser } from 'wxt/browser';
import { getSettings, onSettingsChanged } from '../settings/index.ts';
import { createWriteQueue } from '../storage/index.ts';

export const METAMASK_FLAG_SCRIPT_ID = 'encore-metamask-flag';
const SCRIPT_FILE = 'content-scripts/metamask-flag.js';

async function sync(enabled: boolean): Promise<void> {
  const registered = await browser.scripting.getRegisteredContentScripts({
    ids: [METAMASK_FLAG_SCRIPT_ID],
  });
  if (enabled && registered.length === 0) {
    await browser.scripting.registerContentScripts([
      {
        id: METAMASK_FLAG_SCRIPT_ID,
        js: [SCRIPT_FILE],
        matches: ['<all_urls>'],
        runAt: 'document_start',
        world: 'MAIN',
        allFrames: false,
        persistAcrossSessions: true,
      },
    ]);
  } else if (!enabled && registered.length > 0) {
    await browser.scripting.unregisterContentScripts({ ids: [METAMASK_FLAG_SCRIPT_ID] });
  }
}

/** Brings the registration in line with the setting now and after every change. */
export function followMetaMaskSetting(ready: () => Promise<void>): void {
  // One sync at a time, each reading the latest setting, so quick toggles cannot race.
  const inTurn = createWriteQueue();
  const resync = (): void => {
    inTurn(async () => sync((await getSettings()).answerAsMetaMask)).catch((error: unknown) =>
      console.error('[encore] MetaMask setting not applied', error),
    );
  };
  void ready().then(resync, () => undefined);
  onSettingsChanged(resync);
}
