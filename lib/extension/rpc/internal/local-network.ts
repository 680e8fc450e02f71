// Whether a URL names the person's own machine or network, so the window can say so: a site that
// suggests such an RPC URL points the worker's requests at hosts the site itself cannot reach
// (a router, a development node). Judged from the URL alone (WHATWG URL has already turned
// `2130706433` or `0x7f.1` into `127.0.0.1`); a public name that resolves to a private address
// is not caught.

/** True for loopback, private, link-local and shared (CGNAT) addresses and local-only names. */
export function isLocalNetworkUrl(url: string): boolean {
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase();
  } catch {
    return false;
  }
  if (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.local')) return true;
  if (host.startsWith('[')) return isLocalIpv6(host.slice(1, -1));
  const v4 = ipv4(host);
  return v4 !== null && isLocalIpv4(v4);
}

function ipv4(host: string): number[] | null {
  const parts = host.split('.');
  if (parts.length !== 4 || !parts.every((p) => /^\d{1,3}$/.test(p))) return null;
  const bytes = parts.map(Number);
  return bytes.every((b) => b <= 255) ? bytes : null;
}

function isLocalIpv4([a = 0, b = 0]: number[]): boolean {
  return (
    a === 0 ||
    a === 10 ||
    a === 127 ||
    (a === 100 && b >= 64 && b <= 127) ||
    (a === 169 && b === 254) ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168)
  );
}

function isLocalIpv6(host: string): boolean {
  if (host === '::1' || host === '::') return true;
  // IPv4-mapped, as WHATWG URL writes it: ::ffff:7f00:1
  const mapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(host);
  if (mapped) {
    const high = Number.parseInt(mapped[1] ?? '0', 16);
    const low = Number.parseInt(mapped[2] ?? '0', 16);
    return isLocalIpv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
  }
  const first = Number.parseInt(host.split(':')[0] || '0', 16);
  // fc00::/7 (unique local), fe80::/10 (link-local)
  return (first & 0xfe00) === 0xfc00 || (first & 0xffc0) === 0xfe80;
}
