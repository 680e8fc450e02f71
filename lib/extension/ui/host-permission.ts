import { browser } from 'wxt/browser';

// The manifest already grants these (local development servers).
const GRANTED_HOSTS = new Set(['127.0.0.1', 'localhost']);

/** Match patterns for the origins of `urls` that the manifest does not already cover. */
export function originsNeedingPermission(urls: string[]): string[] {
  const patterns = new Set<string>();
  for (const url of urls) {
    const { protocol, hostname } = new URL(url);
    if (!GRANTED_HOSTS.has(hostname)) patterns.add(`${protocol}//${hostname}/*`);
  }
  return [...patterns];
}

/**
 * Asks the browser for access to `origins`. Must run inside the click that saves or approves (the
 * browser only shows the prompt for a user gesture), so it is the first thing the handler awaits.
 */
export async function requestHostPermission(origins: string[]): Promise<boolean> {
  if (origins.length === 0) return true;
  try {
    return await browser.permissions.request({ origins });
  } catch {
    return false;
  }
}
