import { browser } from 'wxt/browser';

declare global {
  interface ImportMetaEnv {
    /** '1' in the browser tests' build only (tests/e2e/support/global-setup.ts). */
    readonly WXT_TEST_HOOKS?: string;
  }
}

/** While storage.session holds this key (true), the worker does not derive the stored wallet. */
export const HOLD_DERIVATION_KEY = 'encore:test:hold-derivation';

/**
 * The browser tests' hold on wallet derivation, so a test can show the popup's address arriving
 * before the wallet exists. Only a build made with WXT_TEST_HOOKS=1 has it: the constant is
 * replaced at build time, so any other build carries neither this reader nor the key. Even there it
 * lives in storage.session, which survives the worker being stopped (the case under test), is gone
 * with the browser, and is restricted to the extension's own pages and worker
 * (restrictStorageToExtension): no web page or content script can set or clear it.
 */
export function testDerivationGate(): (() => Promise<void>) | undefined {
  if (import.meta.env.WXT_TEST_HOOKS !== '1') return undefined;
  return () => whileHeld(HOLD_DERIVATION_KEY);
}

/** While storage.session holds this key (true), the worker does not answer getState. */
export const HOLD_STATE_KEY = 'encore:test:hold-state';

/**
 * The browser tests' hold on the worker's getState answer, so a test can show what the popup
 * shows before the worker answers (the session snapshot it reads from storage) and what it shows
 * after. Gated and kept like the derivation hold.
 */
export function testStateGate(): (() => Promise<void>) | undefined {
  if (import.meta.env.WXT_TEST_HOOKS !== '1') return undefined;
  return () => whileHeld(HOLD_STATE_KEY);
}

/** Resolves once storage.session no longer holds `key` as true (at once if it does not). */
async function whileHeld(key: string): Promise<void> {
  const held = async (): Promise<boolean> => (await browser.storage.session.get(key))[key] === true;
  while (await held()) {
    await new Promise<void>((resolve) => {
      const listener = (_changes: unknown, area: string): void => {
        if (area !== 'session') return;
        browser.storage.onChanged.removeListener(listener);
        resolve();
      };
      browser.storage.onChanged.addListener(listener);
    });
  }
}

/** A number of milliseconds in storage.session: the clipboard guard's delay in the test build. */
export const CLIPBOARD_CLEAR_MS_KEY = 'encore:test:clipboard-clear-ms';

/**
 * The browser tests' shorter clipboard guard delay, so a test need not wait a minute. Gated like
 * the derivation hold: any other build has no reader and always waits the full delay.
 */
export function testClipboardClearMs(fallback: number): (() => Promise<number>) | undefined {
  if (import.meta.env.WXT_TEST_HOOKS !== '1') return undefined;
  return async () => {
    const value = (await browser.storage.session.get(CLIPBOARD_CLEAR_MS_KEY))[
      CLIPBOARD_CLEAR_MS_KEY
    ];
    return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : fallback;
  };
}
