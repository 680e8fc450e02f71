// @encore-wallet/core/wallet-manager: entropy → mnemonic → HD wallet, as Hedgehog derives them.
export { DEFAULT_PATH, WalletManager } from '../wallet-manager.ts';
