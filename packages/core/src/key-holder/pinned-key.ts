// The key holder's public key as the build or the options page pins it: an id and 32 bytes of
// hex. Checked once, where it is configured: a key that is no ristretto255 element, or the
// identity (which every evaluation would "prove" against), is refused before any login uses it.
import { KEY_ID_PATTERN } from '@encore-wallet/contract/key-holder';
import { hexToBytes } from '@encore-wallet/utils/encoding';
import { ristretto255 } from 'noble-curves-2/ed25519.js';
import { KeyHolderPinInvalidError } from './errors.ts';

export interface PinnedKeyHolder {
  /** Where the key holder answers, e.g. `https://keys.example.org` (no trailing slash needed). */
  url: string;
  /** The id of the key to evaluate under. */
  keyId: string;
  /** Hex of its 32-byte public key. */
  publicKey: string;
}

export interface CheckedPin {
  url: string;
  keyId: string;
  publicKey: Uint8Array;
}

export function checkPin(pin: PinnedKeyHolder): CheckedPin {
  if (!KEY_ID_PATTERN.test(pin.keyId))
    throw new KeyHolderPinInvalidError('the key id is malformed');
  if (!/^[0-9a-fA-F]{64}$/.test(pin.publicKey)) {
    throw new KeyHolderPinInvalidError('the public key must be 64 hex characters');
  }
  const publicKey = hexToBytes(pin.publicKey);
  let point: InstanceType<typeof ristretto255.Point>;
  try {
    point = ristretto255.Point.fromBytes(publicKey);
  } catch {
    throw new KeyHolderPinInvalidError('the public key is not a ristretto255 element');
  }
  if (point.equals(ristretto255.Point.ZERO)) {
    throw new KeyHolderPinInvalidError('the public key is the identity element');
  }
  let url: URL;
  try {
    url = new URL(pin.url);
  } catch {
    throw new KeyHolderPinInvalidError('the URL is not a URL');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new KeyHolderPinInvalidError('the URL must be http(s)');
  }
  return { url: pin.url.replace(/\/+$/, ''), keyId: pin.keyId, publicKey };
}
