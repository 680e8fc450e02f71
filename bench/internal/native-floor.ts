// The floor: two native OpenSSL scrypt calls in this Node process, the least any
// Hedgehog-compatible login can spend (its two derivations must run in order).
import { scrypt } from 'node:crypto';

const N = 32768;
const R = 8;
const MAXMEM = 128 * R * (N + 2) + 1024;

function derive(password: string, salt: string): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password, salt, 32, { N, r: R, p: 1, maxmem: MAXMEM }, (err, key) =>
      err ? reject(err) : resolve(key),
    ),
  );
}

let round = 0;

export async function nativeFloor(): Promise<number> {
  round += 1;
  const t0 = performance.now();
  await derive(`floor-${round}@bench:::password`, '0x4f7242b39969c3ac4c6712524d633ce9');
  await derive('password', 'f9dbaa8099419bd4ed9a095664a2a722');
  return performance.now() - t0;
}

/**
 * A sign-up's floor where its two derivations run at once: two native calls started together.
 * Not half of nativeFloor: scrypt is memory-bound (32 MiB each), so two at once on two cores each
 * run slower than one alone.
 */
export async function nativeParallelFloor(): Promise<number> {
  round += 1;
  const t0 = performance.now();
  await Promise.all([
    derive(`floor-${round}@bench:::password`, '0x4f7242b39969c3ac4c6712524d633ce9'),
    derive('password', 'f9dbaa8099419bd4ed9a095664a2a722'),
  ]);
  return performance.now() - t0;
}
