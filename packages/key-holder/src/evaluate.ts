// One POPRF evaluation (RFC 9497 mode 0x02, ristretto255-SHA512) with its DLEQ proof, by
// @noble/curves: the account's identifier is the public input, so the key it evaluates under is
// tweaked per account and an evaluation for one account opens nothing of another's.
import { ristretto255, ristretto255_oprf } from '@noble/curves/ed25519.js';
import type { HeldKey } from './keys/key-ring.ts';

export type Evaluation =
  | { ok: true; evaluated: Uint8Array; proof: Uint8Array }
  | { ok: false; reason: 'not-an-element' | 'identity' };

export function evaluateBlinded(
  key: HeldKey,
  account: Uint8Array,
  blinded: Uint8Array,
): Evaluation {
  let point: InstanceType<typeof ristretto255.Point>;
  try {
    point = ristretto255.Point.fromBytes(blinded);
  } catch {
    return { ok: false, reason: 'not-an-element' };
  }
  // RFC 9497 §3.3: a received identity element is refused.
  if (point.equals(ristretto255.Point.ZERO)) return { ok: false, reason: 'identity' };
  const { evaluated, proof } = ristretto255_oprf
    .poprf(account)
    .blindEvaluate(key.secretKey, blinded);
  return { ok: true, evaluated, proof };
}
