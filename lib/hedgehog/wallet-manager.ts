// Entropy, mnemonic and HD wallet, as Hedgehog derives them: BIP-39 English mnemonic from 128
// bits of entropy, seed without passphrase, BIP-32 master, then the path (m/44'/60'/0'/0/0).
import { HDNodeWallet, Mnemonic } from 'ethers';
import { bytesToHex } from '../encoding/index.ts';
import { measurePhase, phaseStart } from '../perf/index.ts';
import { randomBytes } from './internal/random.ts';

export const DEFAULT_PATH = "m/44'/60'/0'/0/0";

function createEntropy(): string {
  return bytesToHex(randomBytes(16));
}

function mnemonicFromEntropy(entropyHex: string): string {
  return Mnemonic.fromEntropy(`0x${entropyHex}`).phrase;
}

/**
 * The wallet for this entropy: mnemonic -> BIP-39 seed (no passphrase) -> BIP-32 -> path.
 * Synchronous, like ethers' own derivation it uses (native PBKDF2 in Node, audited JS elsewhere);
 * a WebCrypto seed saved ~5 ms of a ~200 ms login but made this function async, which callers of
 * a wallet library do not expect.
 */
function walletFromEntropy(entropyHex: string, path: string = DEFAULT_PATH): HDNodeWallet {
  const t = phaseStart();
  const wallet = HDNodeWallet.fromPhrase(mnemonicFromEntropy(entropyHex), '', path);
  measurePhase('hedgehog:wallet-from-entropy', t);
  return wallet;
}

export const WalletManager = {
  createEntropy,
  mnemonicFromEntropy,
  walletFromEntropy,
} as const;
