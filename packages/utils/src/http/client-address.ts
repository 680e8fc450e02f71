// The address a request's per-address limit counts against, for the backend and the key holder
// alike. X-Forwarded-For is read only when the operator says how many proxies of theirs sit in
// front (`trustProxy`): otherwise any client could write a new address into it for a fresh budget
// each time.
import { limitKey } from './limit-key.ts';

/**
 * `trustProxy` = number of trusted proxies in front of the server (0: use the socket address).
 * With N proxies, the client is the N-th address from the right of X-Forwarded-For: the entries
 * further left were written by the client itself and prove nothing.
 */
export function clientAddressOf(
  socketAddress: string | undefined,
  forwardedFor: string | undefined,
  trustProxy: number,
): string {
  const socket = socketAddress ?? 'unknown';
  if (trustProxy <= 0) return limitKey(socket);
  const forwarded = (forwardedFor ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  // Fewer entries than proxies: the request skipped one of them, so the leftmost entry may be the
  // client's own writing (a new one each time, a fresh budget each time). The rightmost was
  // written by the proxy that talks to this server.
  const hop =
    forwarded.length >= trustProxy ? forwarded[forwarded.length - trustProxy] : forwarded.at(-1);
  return limitKey(withoutPort(hop ?? socket));
}

/**
 * Some proxies write the client's port too (`203.0.113.9:51234`, `[2001:db8::1]:443`): a new
 * connection would be a new address, and so a fresh budget, every time.
 */
function withoutPort(address: string): string {
  const v4 = /^(\d+\.\d+\.\d+\.\d+):\d+$/.exec(address);
  if (v4?.[1]) return v4[1];
  const v6 = /^\[([0-9a-fA-F:.%\w]+)\](?::\d+)?$/.exec(address);
  return v6?.[1] ?? address;
}
