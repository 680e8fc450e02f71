// @encore-wallet/core: the wallet core (Hedgehog-compatible username + password wallets).
export * from '../../../lib/hedgehog/index.ts';
