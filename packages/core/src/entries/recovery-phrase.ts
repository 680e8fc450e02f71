// @encore-wallet/core/recovery-phrase: checking and completing a typed recovery phrase.

export type { InvalidMnemonicReason } from '../errors.ts';
export {
  checkMnemonic,
  MNEMONIC_WORD_COUNT,
  type MnemonicCheck,
  mnemonicWordIndex,
  mnemonicWords,
  suggestMnemonicWords,
} from '../mnemonic-check.ts';
