// @encore-wallet/core/wallet-manager: entropy → mnemonic → HD wallet, as Hedgehog derives them.
export { DEFAULT_PATH, WalletManager } from '../../../lib/hedgehog/wallet-manager.ts';
