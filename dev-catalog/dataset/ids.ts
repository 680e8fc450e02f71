// Hash-like ids ("nlGNe") as the real API hands out, from sequence numbers: a fixed odd
// multiplier makes consecutive numbers look unrelated, base62 keeps them short.

const ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';

export function encodeId(kind: number, n: number): string {
  let value = ((n + 1) * 2654435761 + kind * 97_531) % 2_147_483_647;
  let out = '';
  do {
    out = ALPHABET[value % 62] + out;
    value = Math.floor(value / 62);
  } while (value > 0);
  return out.padStart(5, ALPHABET[(n * 7 + kind) % 62]!);
}

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

/** `length` random base58 characters (the alphabet of CIDs and Solana addresses). */
export function base58(rngValue: () => number, length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += BASE58[Math.floor(rngValue() * 58)];
  return out;
}

/** A CID-looking content id ("Qm…", 46 chars) for image and audio URLs. */
export function contentId(rngValue: () => number): string {
  return `Qm${base58(rngValue, 44)}`;
}
