// How a personal_sign payload is shown: sites pass hex-encoded bytes (most) or a plain string
// (some). Text is shown as text; anything that is not clean UTF-8 is shown as hex with a warning,
// because signing opaque bytes can mean signing something other than what the page claims.

import { bytesToHex, hexToBytes } from '@encore-wallet/utils/encoding';

export type DecodedMessage =
  | { kind: 'text'; text: string; bytes: Uint8Array }
  | { kind: 'binary'; hex: string; bytes: Uint8Array };

const HEX = /^0x([0-9a-fA-F]{2})*$/;
// Control characters other than tab, line feed and carriage return mark a payload as binary.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

export function decodeSignPayload(payload: string): DecodedMessage {
  const bytes = HEX.test(payload) ? hexToBytes(payload) : new TextEncoder().encode(payload);
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    if (!CONTROL.test(text)) return { kind: 'text', text, bytes };
  } catch {
    // not UTF-8: fall through to hex
  }
  const hex = `0x${bytesToHex(bytes)}`;
  return { kind: 'binary', hex, bytes };
}
