// The address a request's per-address limit counts against. X-Forwarded-For is read only when
// the operator says how many proxies of theirs sit in front (`trustProxy`): otherwise any client
// could write a new address into it for a fresh budget each time. With N proxies the client is
// the N-th entry from the right; entries further left were written by the client itself.
import { limitKey } from '@encore-wallet/utils/http';

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
  const hop =
    forwarded.length >= trustProxy ? forwarded[forwarded.length - trustProxy] : forwarded.at(-1);
  return limitKey(hop ?? socket);
}
