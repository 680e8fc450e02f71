import type { Settings } from './schema.ts';

/**
 * Whether this browser lets the extension keep storage.local away from its content scripts.
 * Chromium does (storage.local.setAccessLevel, from 140). Firefox does not: every content script
 * of the extension may read and watch storage.local there, and only storage.session is kept to
 * the extension's own pages and background.
 */
export const LOCAL_STORAGE_IS_PRIVATE: boolean = !import.meta.env.FIREFOX;

/**
 * The settings as they apply in this browser. Where storage.local is not private, "log out when
 * the browser closes" is always on, so the wallet keys live in storage.session only: the
 * entropy never sits where a content script could read it, at the cost of a login after each
 * browser restart.
 */
export function applyBrowserLimits(
  settings: Settings,
  localStorageIsPrivate: boolean = LOCAL_STORAGE_IS_PRIVATE,
): Settings {
  return localStorageIsPrivate ? settings : { ...settings, lockOnBrowserClose: true };
}
