// One-time work a fresh service worker would otherwise do during the person's first login.

import { measurePhase, phaseStart } from '@encore-wallet/utils/perf';
import { Authentication } from '../authentication.ts';
import { WalletManager } from '../wallet-manager.ts';
import { prepareScryptOffThread } from './scrypt.ts';

let warming: Promise<void> | null = null;

export function warmUpWalletCore(): Promise<void> {
  warming ??= (async () => {
    // A web page's scrypt worker warms itself up meanwhile (not awaited: only sign-up uses it).
    prepareScryptOffThread();
    let t = phaseStart();
    await Authentication.warmUp();
    measurePhase('hedgehog:warm-up-scrypt', t);
    t = phaseStart();
    // Any entropy will do: this builds ethers' secp256k1 precomputed tables and JITs the HD path.
    await WalletManager.deriveWallet('00000000000000000000000000000000');
    measurePhase('hedgehog:warm-up-wallet', t);
  })();
  return warming;
}
