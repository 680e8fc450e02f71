const compact = new Intl.NumberFormat('en', { notation: 'compact', maximumFractionDigits: 1 });

/** 1234 → "1.2K": counters in a 360 px popup. */
export function formatCount(n: number): string {
  return compact.format(n);
}

/** The host of an origin, with the scheme only when it is not https. */
export function displayOrigin(origin: string): string {
  // The wallet's own sends (a move out) carry Encore's internal origin, never a site's.
  if (origin.startsWith('encore:')) return 'Encore';
  try {
    const url = new URL(origin);
    return url.protocol === 'https:' ? url.host : `${url.protocol}//${url.host}`;
  } catch {
    return origin;
  }
}
