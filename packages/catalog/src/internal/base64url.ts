// base64url over UTF-8, as ID tokens encode their segments.
import { base64ToBytes, bytesToBase64 } from '@encore-wallet/utils/encoding';

export function encodeBase64Url(text: string): string {
  const base64 = bytesToBase64(new TextEncoder().encode(text));
  return base64.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** Accepts padded and unpadded input; throws on characters outside the alphabet. */
export function decodeBase64Url(segment: string): string {
  if (!/^[A-Za-z0-9_-]*={0,2}$/.test(segment)) throw new Error('not base64url');
  const base64 = segment.replace(/=+$/, '').replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  return new TextDecoder('utf-8', { fatal: true }).decode(base64ToBytes(padded));
}
