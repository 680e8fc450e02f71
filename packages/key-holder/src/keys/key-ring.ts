// The key holder's keys: each a ristretto255 secret scalar under a key id, and the id new
// evaluations should use (`current`). Clients name the key they pinned; an older key stays in the
// ring until the integrator retires it, so records made under it still open while their owners
// log in and move to the new one. Read from a file or an environment variable, never from the
// counter store. The public keys are computed here from the secrets (noble's group operations).

import { KEY_ID_PATTERN } from '@encore-wallet/contract/key-holder';
import { bytesToHex, hexToBytes } from '@encore-wallet/utils/encoding';
import { ristretto255, ristretto255_oprf } from '@noble/curves/ed25519.js';
import * as z from 'zod/mini';
import { KeyHolderConfigError } from '../errors.ts';

export interface HeldKey {
  id: string;
  secretKey: Uint8Array;
  /** Hex of the 32-byte public key integrators pin. */
  publicKey: string;
}

export interface KeyRing {
  readonly current: string;
  get(id: string): HeldKey | undefined;
  list(): readonly HeldKey[];
}

/** The key file's shape: `{ "current": "2026-11", "keys": [{ "id": "2026-11", "secretKey": "…" }] }`. */
export const KeyFileSchema = z.object({
  current: z.string().check(z.regex(KEY_ID_PATTERN)),
  keys: z.array(
    z.object({
      id: z.string().check(z.regex(KEY_ID_PATTERN)),
      secretKey: z.string().check(z.regex(/^[0-9a-fA-F]{64}$/)),
    }),
  ),
});
export type KeyFile = z.infer<typeof KeyFileSchema>;

export function publicKeyOf(secretKey: Uint8Array): string {
  const { Point } = ristretto255;
  const scalar = Point.Fn.fromBytes(secretKey);
  if (scalar === 0n) throw new KeyHolderConfigError('a secret key must not be zero');
  return bytesToHex(Point.BASE.multiply(scalar).toBytes());
}

export function keyRingFrom(file: KeyFile): KeyRing {
  const keys = new Map<string, HeldKey>();
  for (const entry of file.keys) {
    if (keys.has(entry.id)) throw new KeyHolderConfigError(`key id "${entry.id}" appears twice`);
    const secretKey = hexToBytes(entry.secretKey);
    let publicKey: string;
    try {
      publicKey = publicKeyOf(secretKey);
    } catch (cause) {
      throw new KeyHolderConfigError(`key "${entry.id}" is not a ristretto255 secret scalar`, {
        cause,
      });
    }
    keys.set(entry.id, { id: entry.id, secretKey, publicKey });
  }
  if (!keys.has(file.current)) {
    throw new KeyHolderConfigError(`the current key "${file.current}" is not among the keys`);
  }
  return {
    current: file.current,
    get: (id) => keys.get(id),
    list: () => [...keys.values()],
  };
}

/** Parses a key file's text; the error names what is wrong, never a secret. */
export function parseKeyFile(text: string, source: string): KeyFile {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new KeyHolderConfigError(`${source} is not JSON`);
  }
  const parsed = KeyFileSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.join('.') || 'the document';
    throw new KeyHolderConfigError(
      `${source}: ${where} is not valid (want { current, keys: [{ id, secretKey: 64 hex }] })`,
    );
  }
  return parsed.data;
}

/** A new random secret key in hex (noble's RFC 9497 key generation), for `add-key`. */
export function newSecretKey(): string {
  return bytesToHex(ristretto255_oprf.oprf.generateKeyPair().secretKey);
}
