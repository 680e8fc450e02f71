// Recognises the signing input of a catalog ID token: `base64url(header).base64url(payload)`,
// the text whose EIP-191 signature makes a token. ID tokens are minted only by
// encore_requestIdToken (which shows who the site will learn you are); a personal_sign of that
// text would hand a site a token the person never agreed to share.

import { base64ToBytes } from '@encore-wallet/utils/encoding';
import { isRecord } from '../../../guards/index.ts';

// Liberal on purpose: standard base64 letters and padding too, since a lenient verifier decodes
// them; whitespace, control and invisible characters around the text are ignored.
const SEGMENT = /^[A-Za-z0-9_\-+/]*={0,2}$/;
const EDGES =
  /^[\s\p{Cc}\p{Default_Ignorable_Code_Point}]+|[\s\p{Cc}\p{Default_Ignorable_Code_Point}]+$/gu;

function jsonObjectIn(segment: string): Record<string, unknown> | null {
  if (segment === '' || !SEGMENT.test(segment)) return null;
  try {
    const base64 = segment.replace(/=+$/, '').replace(/-/g, '+').replace(/_/g, '/');
    const bytes = base64ToBytes(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
    const text = new TextDecoder().decode(bytes);
    const value: unknown = JSON.parse(text);
    return isRecord(value) ? value : null;
  } catch {
    return null;
  }
}

/**
 * True for two base64url segments joined by `.` whose first is a JSON object header with
 * `alg: keccak256` (any case), or whose both segments are JSON objects: a verifier that skips
 * the header check would take any JWT-shaped input.
 */
export function isIdTokenSigningInput(text: string): boolean {
  const parts = text.replace(EDGES, '').split('.');
  if (parts.length !== 2) return false;
  const [header = '', payload = ''] = parts;
  const decoded = jsonObjectIn(header);
  if (!decoded || !SEGMENT.test(payload)) return false;
  const alg = Object.hasOwn(decoded, 'alg') ? decoded.alg : undefined;
  if (typeof alg === 'string' && alg.trim().toLowerCase() === 'keccak256') return true;
  return jsonObjectIn(payload) !== null;
}
