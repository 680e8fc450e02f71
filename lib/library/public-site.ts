// Links to the catalog's public site. Permalinks come from the catalog (`/handle/slug`); only a
// relative path is accepted, so a hostile answer cannot turn a link into another site or a
// `javascript:` URL.

export const PUBLIC_SITE_URL = 'https://audius.co';

export type PublicLinkTarget =
  | { kind: 'user'; handle: string }
  | { kind: 'track' | 'playlist'; permalink: string | undefined; handle: string };

const SAFE_PATH = /^\/[A-Za-z0-9._~!$&'()*+,;=:@%/-]*$/;

export function publicLinkOf(target: PublicLinkTarget): string {
  const profile = `${PUBLIC_SITE_URL}/${encodeURIComponent(target.handle)}`;
  if (target.kind === 'user') return profile;
  const path = target.permalink;
  // `//evil.example` is a relative URL with another host: refused like any other odd path.
  if (path && SAFE_PATH.test(path) && !path.startsWith('//')) return `${PUBLIC_SITE_URL}${path}`;
  return profile;
}
