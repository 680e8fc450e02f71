export { addChainPatch } from './add-chain-patch.ts';
export { LOCAL_STORAGE_IS_PRIVATE } from './browser-limits.ts';
export {
  type AddedChain,
  type ChainCurrency,
  findChain,
  type KnownChain,
  knownChain,
  MAX_ADDED_CHAINS,
  SUPPORTED_CHAINS,
  type SupportedChain,
} from './chains.ts';
export { defaultSettings } from './defaults.ts';
export {
  isUsableKeyHolder,
  type KeyHolderSetting,
  keyHolderFromBuild,
  MAX_PREVIOUS_KEYS,
  type PinnedKey,
  publicKeyProblem,
  UNUSABLE_KEY_HOLDER,
} from './key-holder.ts';
export {
  chainIdNumberSchema,
  chainNameSchema,
  explorerUrlSchema,
  nativeCurrencySchema,
  rpcUrlSchema,
  type Settings,
  type SettingsPatch,
  settingsPatchSchema,
  settingsSchema,
  spendingLimitsSchema,
} from './schema.ts';
export { defaultSpendingLimit, spendingLimitFor } from './spending-limits.ts';
export { startChainId } from './start-chain.ts';
export { getSettings, onSettingsChanged, updateSettings } from './store.ts';
export {
  DEFAULT_VALUE_THRESHOLD,
  defaultValueThreshold,
  valueThresholdFor,
  valueThresholdsSchema,
} from './value-thresholds.ts';
export { requiredDecimals, USUAL_DECIMALS } from './well-known-currencies.ts';
