export { applyBrowserLimits, LOCAL_STORAGE_IS_PRIVATE } from './browser-limits.ts';
export { findChain, SUPPORTED_CHAINS, type SupportedChain } from './chains.ts';
export { defaultSettings } from './defaults.ts';
export {
  rpcUrlSchema,
  type Settings,
  type SettingsPatch,
  settingsPatchSchema,
  settingsSchema,
} from './schema.ts';
export { getSettings, onSettingsChanged, updateSettings } from './store.ts';
