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

/** A CID-looking content id ("Qm…", 46 chars) for image and audio URLs. */
export function contentId(rngValue: () => number): string {
  const base58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
  let out = 'Qm';
  for (let i = 0; i < 44; i++) out += base58[Math.floor(rngValue() * 58)];
  return out;
}
