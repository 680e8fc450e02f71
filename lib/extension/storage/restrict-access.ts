import { browser } from 'wxt/browser';

/**
 * Keeps the wallet's storage away from content scripts. By default `storage.local` is readable by
 * every extension context, content scripts included, and those run inside web pages' renderer
 * processes; Encore's content scripts never need storage, so only extension pages and the worker
 * keep access. `storage.session` is restricted by default; it is set too so nothing depends on
 * that default. Browsers that cannot restrict an area keep working: a failing call is logged, a
 * missing one (Firefox) is skipped.
 */
export async function restrictStorageToExtension(
  warn: (message: string) => void = console.warn,
): Promise<void> {
  for (const name of ['local', 'session'] as const) {
    // Firefox has no setAccessLevel at all (its storage.session is closed to content scripts
    // anyway; the settings keep the wallet out of its storage.local): nothing to warn about on
    // every start of its event page.
    if (typeof browser.storage[name].setAccessLevel !== 'function') continue;
    try {
      await browser.storage[name].setAccessLevel({ accessLevel: 'TRUSTED_CONTEXTS' });
    } catch (error) {
      warn(`[encore] storage.${name} could not be restricted to extension pages: ${String(error)}`);
    }
  }
}
