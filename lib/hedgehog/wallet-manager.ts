// Entropy, mnemonic and HD wallet, as Hedgehog derives them: BIP-39 English mnemonic from 128
// bits of entropy, seed without passphrase, BIP-32 master, then the path (m/44'/60'/0'/0/0).
import { HDNodeWallet, Mnemonic } from 'ethers';
import { mnemonicToSeed } from './internal/bip39-seed.ts';
import { bytesToHex } from './internal/hex.ts';
import { randomBytes } from './internal/random.ts';

export const DEFAULT_PATH = "m/44'/60'/0'/0/0";

function createEntropy(): string {
  return bytesToHex(randomBytes(16));
}

function mnemonicFromEntropy(entropyHex: string): string {
  return Mnemonic.fromEntropy(`0x${entropyHex}`).phrase;
}

/**
 * The wallet for this entropy. Built from the seed (not the phrase) so the seed comes from
 * WebCrypto; the resulting wallet's `mnemonic` is therefore null — use mnemonicFromEntropy.
 */
async function walletFromEntropy(
  entropyHex: string,
  path: string = DEFAULT_PATH,
): Promise<HDNodeWallet> {
  const seed = await mnemonicToSeed(mnemonicFromEntropy(entropyHex));
  return HDNodeWallet.fromSeed(seed).derivePath(path);
}

export const WalletManager = {
  createEntropy,
  mnemonicFromEntropy,
  walletFromEntropy,
} as const;
