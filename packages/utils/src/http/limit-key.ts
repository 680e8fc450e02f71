// The key a client address is rate-limited by, for the backend and the demo's relayer alike.

/**
 * IPv4 addresses limit one by one; IPv6 ones by /64, the block one subscriber usually gets, or
 * a single client could rotate through 2^64 addresses.
 */
export function limitKey(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return mapped[1];
  if (!address.includes(':')) return address;
  const groups = expandIpv6(address);
  return groups ? `${groups.slice(0, 4).join(':')}::/64` : address;
}

function expandIpv6(address: string): string[] | null {
  const bare = address.split('%')[0] ?? '';
  const halves = bare.split('::');
  if (halves.length > 2) return null;
  const head = halves[0] ? halves[0].split(':') : [];
  const tail = halves.length === 2 && halves[1] ? halves[1].split(':') : [];
  const missing = 8 - head.length - tail.length;
  if (missing < 0 || (halves.length === 1 && missing !== 0)) return null;
  const groups = [...head, ...Array<string>(missing).fill('0'), ...tail];
  if (!groups.every((g) => /^[0-9a-f]{1,4}$/i.test(g))) return null;
  return groups.map((g) => Number.parseInt(g, 16).toString(16));
}
