// One-time work a fresh service worker would otherwise do during the person's first login.
import { Authentication } from '../authentication.ts';
import { WalletManager } from '../wallet-manager.ts';

let warming: Promise<void> | null = null;

export function warmUpWalletCore(): Promise<void> {
  warming ??= (async () => {
    await Authentication.warmUp();
    // Any entropy will do: this builds ethers' secp256k1 precomputed tables and JITs the HD path.
    WalletManager.walletFromEntropy('00000000000000000000000000000000');
  })();
  return warming;
}
