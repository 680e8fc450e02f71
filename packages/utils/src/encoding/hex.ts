// Lowercase hex without a 0x prefix (the format of every Hedgehog record field); hexToBytes also
// takes a 0x prefix.

const HEX_RE = /^(?:[0-9a-fA-F]{2})*$/;

export function bytesToHex(bytes: Uint8Array): string {
  let out = '';
  for (const b of bytes) out += b.toString(16).padStart(2, '0');
  return out;
}

export function hexToBytes(hex: string): Uint8Array {
  const clean = hex.startsWith('0x') ? hex.slice(2) : hex;
  if (!HEX_RE.test(clean)) throw new TypeError('Expected an even-length hex string.');
  const out = new Uint8Array(clean.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = Number.parseInt(clean.slice(i * 2, i * 2 + 2), 16);
  return out;
}
