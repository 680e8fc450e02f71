import { type Browser, browser } from 'wxt/browser';
import { watchAccepted } from './offscreen-orders.ts';
import { hasClipboardPermissions } from './permissions.ts';
import { type OffscreenWatch, type PendingGuard, pendingGuardSchema } from './schemas.ts';

// The worker's side of the guard that outlives the popup. Chromium: an offscreen document (the
// worker itself has no DOM and is stopped when idle) keeps the timer and does the reading and
// clearing. Firefox has no offscreen API; its background is an event page, a document that can
// use the clipboard, but it unloads when idle and a timer does not keep it: an alarm wakes it,
// and the digest waits in storage.session.

export const OFFSCREEN_PATH = '/clipboard-guard.html';
/** Tries at handing a watch to a document that may be closing, and the pause between them. */
const HAND_OFF_ATTEMPTS = 10;
const HAND_OFF_PAUSE_MS = 50;
export const GUARD_ALARM = 'encore:clipboard-guard';
export const PENDING_GUARD_KEY = 'encore:clipboard-guard';

export interface ClipboardGuardService {
  /**
   * Starts a guard for `digest` that survives the popup. Without the permissions, answers false
   * and keeps the digest until its delay ends: a grant in that time starts the guard (the popup
   * may have closed while the permission prompt was showing).
   */
  handOff(digest: string): Promise<boolean>;
  /** Called when permissions are added: starts the guard a handOff was waiting to start. */
  resumeAwaiting(): Promise<boolean>;
}

/** Where a guard runs once the permissions are there. */
export interface GuardPlatform {
  hasPermissions(): Promise<boolean>;
  start(digest: string, ms: number): Promise<void>;
}

/** A digest handed off before the permissions were granted, in storage.session. */
export const AWAITING_GRANT_KEY = 'encore:clipboard-guard-awaiting';

export function createClipboardGuard(
  delayMs: () => Promise<number>,
  platform: GuardPlatform = browserGuardPlatform(),
): ClipboardGuardService {
  return {
    async handOff(digest) {
      const ms = await delayMs();
      if (!(await platform.hasPermissions())) {
        const awaiting: PendingGuard = { digest, due: Date.now() + ms };
        await browser.storage.session.set({ [AWAITING_GRANT_KEY]: awaiting });
        return false;
      }
      await browser.storage.session.remove(AWAITING_GRANT_KEY);
      await platform.start(digest, ms);
      return true;
    },
    async resumeAwaiting() {
      const stored = (await browser.storage.session.get(AWAITING_GRANT_KEY))[AWAITING_GRANT_KEY];
      const awaiting = pendingGuardSchema.safeParse(stored);
      if (!awaiting.success || !(await platform.hasPermissions())) return false;
      await browser.storage.session.remove(AWAITING_GRANT_KEY);
      const left = awaiting.data.due - Date.now();
      if (left <= 0) return false;
      await platform.start(awaiting.data.digest, left);
      return true;
    },
  };
}

/** Chromium: the offscreen document; Firefox: an alarm for the event page. */
export function browserGuardPlatform(): GuardPlatform {
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
    hasPermissions: hasClipboardPermissions,
    async start(digest, ms) {
      if (browser.offscreen) {
        const watch: OffscreenWatch = { target: 'encore-clipboard-guard', digest, ms };
        // A document that is closing (its last guard done) either is gone before the send (the
        // send fails) or no longer takes orders (no answer): a new one is opened for the order.
        for (let attempt = 1; ; attempt++) {
          await ensureOffscreen();
          const answer: unknown = await browser.runtime.sendMessage(watch).catch(() => null);
          if (watchAccepted(answer)) return;
          if (attempt >= HAND_OFF_ATTEMPTS) throw new Error('The clipboard guard took no order');
          await new Promise((done) => setTimeout(done, HAND_OFF_PAUSE_MS));
        }
      }
      const pending: PendingGuard = { digest, due: Date.now() + ms };
      await browser.storage.session.set({ [PENDING_GUARD_KEY]: pending });
      await browser.alarms.create(GUARD_ALARM, { when: pending.due });
    },
  };
}

/** Registered at the worker's start, so a grant that wakes it is heard. */
export function listenForGrant(guard: ClipboardGuardService): void {
  browser.permissions?.onAdded?.addListener((added) => {
    if (!added.permissions?.includes('clipboardRead')) return;
    void guard.resumeAwaiting().catch(() => undefined);
  });
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
