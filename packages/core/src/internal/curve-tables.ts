// The secp256k1 generator's precomputed table, the one ethers' keys use (ethers computes public
// keys with @noble/curves, the same module instance as this one: the package pins the version
// ethers pins). noble builds the table with an 8-bit window on the first public key, which is
// every fresh service worker's first wallet: 4,224 point additions in code the engine has not
// optimised yet. A 6-bit window needs a third of them; each later multiplication adds 44 points
// instead of 33. Measured in Node: the first public key 12–16 ms instead of 33–37, a warm
// derivation of m/44'/60'/0'/0/0 unchanged within noise (~5–7 ms). The keys are the same either way.
import { secp256k1 } from '@noble/curves/secp256k1';

const WINDOW_BITS = 6;

let done = false;

/** Sets the generator's window before its table is first built (later calls do nothing). */
export function useSmallGeneratorTable(): void {
  if (done) return;
  done = true;
  secp256k1.ProjectivePoint.BASE._setWindowSize(WINDOW_BITS);
}
