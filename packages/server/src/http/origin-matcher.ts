// Which browser origins may call the backend. Patterns are exact origins
// (`https://music.example`, `chrome-extension://abcdefghijklmnopabcdefghijklmnop`,
// `moz-extension://<uuid>`) or a scheme wildcard `scheme://*` (`chrome-extension://*` and
// `moz-extension://*` for development, where extension ids change).

export type OriginMatcher = (origin: string) => boolean;

// Chromium names an extension origin by a 32-letter id, Firefox by a per-profile UUID.
const EXTENSION_HOSTS: Readonly<Record<string, RegExp>> = {
  'chrome-extension': /^[a-p]{32}$/,
  'moz-extension': /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
};

export function createOriginMatcher(patterns: readonly string[]): OriginMatcher {
  const exact = new Set<string>();
  const schemes = new Set<string>();
  for (const raw of patterns) {
    const pattern = raw.trim().replace(/\/+$/, '').toLowerCase();
    if (!pattern) continue;
    const wildcard = /^([a-z][a-z0-9+.-]*):\/\/\*$/.exec(pattern);
    if (wildcard?.[1]) schemes.add(wildcard[1]);
    else exact.add(pattern);
  }
  const decide = (origin: string): boolean => {
    const normalized = origin.toLowerCase();
    if (exact.has(normalized)) return true;
    const match = /^([a-z][a-z0-9+.-]*):\/\/([^/?#]+)$/.exec(normalized);
    if (!match?.[1] || !match[2] || !schemes.has(match[1])) return false;
    // An extension origin is always its browser's id form; anything else is not an extension.
    const host = EXTENSION_HOSTS[match[1]];
    return host === undefined || host.test(match[2]);
  };
  // Browsers send the same few origins over and over: remember the answers (two regular
  // expressions per request otherwise). Bounded, since any client can send any Origin.
  const decided = new Map<string, boolean>();
  return (origin) => {
    let allowed = decided.get(origin);
    if (allowed === undefined) {
      allowed = decide(origin);
      if (decided.size >= MAX_REMEMBERED_ORIGINS) decided.clear();
      decided.set(origin, allowed);
    }
    return allowed;
  };
}

const MAX_REMEMBERED_ORIGINS = 256;
