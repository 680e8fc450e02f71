// Entropy, mnemonic and HD wallet, as Hedgehog derives them: BIP-39 English mnemonic from 128
// bits of entropy, seed without passphrase, BIP-32 master, then the path (m/44'/60'/0'/0/0).

import { bytesToHex } from '@encore-wallet/utils/encoding';
import { measurePhase, phaseStart } from '@encore-wallet/utils/perf';
import { HDNodeWallet, Mnemonic } from 'ethers';
import { bip39Seed, walletFromPhraseWithSeed } from './internal/bip39-seed.ts';
import { useSmallGeneratorTable } from './internal/curve-tables.ts';
import { englishWordlist } from './internal/english-wordlist.ts';
import { randomBytes } from './internal/random.ts';

export const DEFAULT_PATH = "m/44'/60'/0'/0/0";

function createEntropy(): string {
  return bytesToHex(randomBytes(16));
}

function mnemonicFromEntropy(entropyHex: string): string {
  return Mnemonic.fromEntropy(`0x${entropyHex}`, '', englishWordlist()).phrase;
}

/**
 * The wallet for this entropy: mnemonic -> BIP-39 seed (no passphrase) -> BIP-32 -> path, with
 * its mnemonic (`wallet.mnemonic.phrase`). Synchronous, for callers that cannot wait (a storage
 * migration naming the stored account); the seed comes from ethers' JavaScript PBKDF2. Sign-up,
 * login and restore use `deriveWallet`.
 */
function walletFromEntropy(entropyHex: string, path: string = DEFAULT_PATH): HDNodeWallet {
  const t = phaseStart();
  useSmallGeneratorTable();
  const wallet = HDNodeWallet.fromPhrase(
    mnemonicFromEntropy(entropyHex),
    '',
    path,
    englishWordlist(),
  );
  measurePhase('hedgehog:wallet-from-entropy', t);
  return wallet;
}

/**
 * The same wallet as `walletFromEntropy` (mnemonic included), with the BIP-39 seed from
 * WebCrypto's native PBKDF2: measured in the extension's worker, the seed took 20-100 ms in
 * ethers' JavaScript (most of it before the engine optimised it, which is every first login of a
 * fresh worker) against ~1 ms.
 */
async function deriveWallet(
  entropyHex: string,
  path: string = DEFAULT_PATH,
): Promise<HDNodeWallet> {
  const phrase = mnemonicFromEntropy(entropyHex);
  let t = phaseStart();
  const seed = await bip39Seed(phrase);
  measurePhase('hedgehog:bip39-seed', t);
  t = phaseStart();
  useSmallGeneratorTable();
  const wallet = walletFromPhraseWithSeed(phrase, seed, path);
  measurePhase('hedgehog:hd-derive', t);
  return wallet;
}

export const WalletManager = {
  createEntropy,
  mnemonicFromEntropy,
  walletFromEntropy,
  deriveWallet,
} as const;
