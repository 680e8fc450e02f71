import { type Browser, browser } from 'wxt/browser';
import { hasClipboardPermissions } from './permissions.ts';
import { type OffscreenWatch, type PendingGuard, pendingGuardSchema } from './schemas.ts';

// The worker's side of the guard that outlives the popup. Chromium: an offscreen document (the
// worker itself has no DOM and is stopped when idle) keeps the timer and does the reading and
// clearing. Firefox has no offscreen API; its background is an event page, a document that can
// use the clipboard, but it unloads when idle and a timer does not keep it: an alarm wakes it,
// and the digest waits in storage.session.

export const OFFSCREEN_PATH = '/clipboard-guard.html';
export const GUARD_ALARM = 'encore:clipboard-guard';
export const PENDING_GUARD_KEY = 'encore:clipboard-guard';

export interface ClipboardGuardService {
  /** Starts a guard for `digest` that survives the popup; false without the permissions. */
  handOff(digest: string): Promise<boolean>;
}

export function createClipboardGuard(delayMs: () => Promise<number>): ClipboardGuardService {
  let creating: Promise<void> | null = null;

  async function ensureOffscreen(): Promise<void> {
    const url = browser.runtime.getURL(OFFSCREEN_PATH);
    const open = await browser.runtime.getContexts({
      contextTypes: ['OFFSCREEN_DOCUMENT' as Browser.runtime.ContextType],
      documentUrls: [url],
    });
    if (open.length > 0) return;
    creating ??= browser.offscreen
      .createDocument({
        url: OFFSCREEN_PATH,
        reasons: ['CLIPBOARD' as Browser.offscreen.Reason],
        justification: 'Clears the copied recovery phrase from the clipboard after a minute.',
      })
      .finally(() => {
        creating = null;
      });
    await creating;
  }

  return {
    async handOff(digest) {
      if (!(await hasClipboardPermissions())) return false;
      const ms = await delayMs();
      if (browser.offscreen) {
        await ensureOffscreen();
        const watch: OffscreenWatch = { target: 'encore-clipboard-guard', digest, ms };
        await browser.runtime.sendMessage(watch);
        return true;
      }
      const pending: PendingGuard = { digest, due: Date.now() + ms };
      await browser.storage.session.set({ [PENDING_GUARD_KEY]: pending });
      await browser.alarms.create(GUARD_ALARM, { when: pending.due });
      return true;
    },
  };
}

/** Firefox: the alarm's side. Registered at the event page's start, so a wake-up is not missed. */
export function listenForGuardAlarm(run: (digest: string) => Promise<unknown>): void {
  if (browser.offscreen || !browser.alarms) return;
  browser.alarms.onAlarm.addListener((alarm) => {
    if (alarm.name !== GUARD_ALARM) return;
    void (async () => {
      const stored = (await browser.storage.session.get(PENDING_GUARD_KEY))[PENDING_GUARD_KEY];
      const pending = pendingGuardSchema.safeParse(stored);
      try {
        if (pending.success) await run(pending.data.digest);
      } finally {
        // Removed once the check has run: an extension page can tell that it is over.
        await browser.storage.session.remove(PENDING_GUARD_KEY);
      }
    })().catch(() => undefined);
  });
}
