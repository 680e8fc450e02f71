// @encore-wallet/core/recovery-phrase: checking and completing a typed recovery phrase.

export type { InvalidMnemonicReason } from '../../../lib/hedgehog/errors.ts';
export {
  checkMnemonic,
  MNEMONIC_WORD_COUNT,
  type MnemonicCheck,
  mnemonicWordIndex,
  mnemonicWords,
  suggestMnemonicWords,
} from '../../../lib/hedgehog/mnemonic-check.ts';
