// Whether a URL names the person's own machine or network: hosts a web page cannot reach by itself
// but the extension's worker can (a router, a development node, a service on a local port). Used
// where a site hands the worker a URL: an RPC URL (wallet_addEthereumChain) and a sponsor service
// (wallet_sendCalls). Judged from the URL alone. WHATWG URL has already turned the odd spellings of
// an IP address into their canonical form (`2130706433`, `0x7f.1`, `0177.0.0.1` → `127.0.0.1`;
// `[::ffff:127.0.0.1]` → `[::ffff:7f00:1]`); a public name that resolves to a private address
// is not caught, since an extension cannot resolve names.

/** The hostname of `url`, lower case, without a trailing dot; null when it does not parse. */
function hostOf(url: string): string | null {
  try {
    return new URL(url).hostname.toLowerCase().replace(/\.$/, '');
  } catch {
    return null;
  }
}

/**
 * True for loopback, private (RFC 1918, unique local), link-local, shared (CGNAT), unspecified,
 * benchmarking, multicast and reserved addresses, and for local-only names (`localhost`,
 * `*.localhost`, `*.local`).
 */
export function isLocalNetworkUrl(url: string): boolean {
  const host = hostOf(url);
  if (host === null) return false;
  if (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.local')) return true;
  if (host.startsWith('[')) return isLocalIpv6(host.slice(1, -1));
  const v4 = ipv4(host);
  return v4 !== null && isLocalIpv4(v4);
}

/**
 * True when `origin` (a page's, as the browser reports it) is served from this very computer:
 * `localhost`, `*.localhost`, 127.0.0.0/8 or ::1. Development pages live there.
 */
export function isLoopbackOrigin(origin: string): boolean {
  const host = hostOf(origin);
  if (host === null) return false;
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (host.startsWith('[')) {
    const v6 = host.slice(1, -1);
    if (v6 === '::1') return true;
    const v4 = embeddedIpv4(v6);
    return v4 !== null && v4[0] === 127;
  }
  return ipv4(host)?.[0] === 127;
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
    (a === 192 && b === 168) ||
    (a === 198 && (b === 18 || b === 19)) ||
    a >= 224
  );
}

/** The IPv4 address inside an IPv4-mapped, IPv4-compatible or NAT64 IPv6 address, as WHATWG writes them. */
function embeddedIpv4(host: string): number[] | null {
  const embedded = /^(?:::ffff:|::|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(host);
  if (!embedded) return null;
  const high = Number.parseInt(embedded[1] ?? '0', 16);
  const low = Number.parseInt(embedded[2] ?? '0', 16);
  return [high >> 8, high & 0xff, low >> 8, low & 0xff];
}

function isLocalIpv6(host: string): boolean {
  if (host === '::1' || host === '::') return true;
  const v4 = embeddedIpv4(host);
  if (v4) return isLocalIpv4(v4);
  const first = Number.parseInt(host.split(':')[0] || '0', 16);
  // fc00::/7 (unique local), fe80::/10 (link-local), fec0::/10 (the former site-local), ff00::/8
  return (
    (first & 0xfe00) === 0xfc00 ||
    (first & 0xffc0) === 0xfe80 ||
    (first & 0xffc0) === 0xfec0 ||
    (first & 0xff00) === 0xff00
  );
}
