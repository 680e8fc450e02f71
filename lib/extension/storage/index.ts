export {
  type AreaName,
  createAreaStore,
  ENTROPY_KEY,
  type KeyValueStore,
  WALLET_PREFIX,
} from './area-store.ts';
export { clearWalletData, relocateWalletData } from './relocate.ts';
export { restrictStorageToExtension } from './restrict-access.ts';
