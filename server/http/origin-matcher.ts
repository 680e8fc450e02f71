// Which browser origins may call the backend. Patterns are exact origins
// (`https://music.example`, `chrome-extension://abcdefghijklmnopabcdefghijklmnop`) or a scheme
// wildcard `scheme://*` (`chrome-extension://*` for development, where extension ids change).

export type OriginMatcher = (origin: string) => boolean;

const EXTENSION_ID = /^[a-p]{32}$/;

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
  return (origin) => {
    const normalized = origin.toLowerCase();
    if (exact.has(normalized)) return true;
    const match = /^([a-z][a-z0-9+.-]*):\/\/([^/?#]+)$/.exec(normalized);
    if (!match?.[1] || !match[2] || !schemes.has(match[1])) return false;
    // An extension origin is always a 32-letter id; anything else is not an extension.
    return match[1] !== 'chrome-extension' || EXTENSION_ID.test(match[2]);
  };
}
