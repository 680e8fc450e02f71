/**
 * Whether this browser lets the extension keep storage.local away from its content scripts.
 * Chromium does (storage.local.setAccessLevel, from 140). Firefox does not: every content script
 * of the extension may read and watch storage.local there, and only storage.session is kept to
 * the extension's own pages and background. Where it is not private, the wallet session seals
 * what it keeps in storage.local (lib/extension/storage/sealing), so "log out when the browser
 * closes" may be off there too.
 */
export const LOCAL_STORAGE_IS_PRIVATE: boolean = !import.meta.env.FIREFOX;
