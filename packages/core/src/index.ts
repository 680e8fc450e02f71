// Public surface of the wallet core. Other areas import only from here.
export { Authentication } from './authentication.ts';
export type {
  HedgehogErrorCode,
  HedgehogErrorJSON,
  InvalidMnemonicReason,
  InvalidUsernameReason,
  WeakPasswordReason,
} from './errors.ts';
export {
  AccountNotFoundError,
  BackendError,
  DecryptionFailedError,
  HedgehogError,
  InvalidMnemonicError,
  InvalidUsernameError,
  NotLoggedInError,
  UsernameTakenError,
  WeakPasswordError,
} from './errors.ts';
export { Hedgehog } from './hedgehog.ts';
export {
  type AnswerRefusal,
  KeyHolderAnswerRefusedError,
  KeyHolderError,
  type KeyHolderErrorCode,
  type KeyHolderErrorJSON,
  KeyHolderPinInvalidError,
  KeyHolderRateLimitedError,
  KeyHolderRefusedError,
  KeyHolderUnreachableError,
} from './key-holder/errors.ts';
export {
  LOOKUP_KEY_PATTERN,
  loginLookupKey,
  signUpLookupKey,
  warmUpLoginKey,
} from './login-key.ts';
export {
  checkMnemonic,
  MNEMONIC_WORD_COUNT,
  type MnemonicCheck,
  mnemonicWordIndex,
  mnemonicWords,
  suggestMnemonicWords,
} from './mnemonic-check.ts';
export {
  checkPassword,
  checkUsername,
  MIN_PASSWORD_LENGTH,
  type PasswordCheck,
  type UsernameCheck,
} from './password-policy.ts';
export {
  createDefaultStore,
  createMemoryStore,
  ENTROPY_STORAGE_KEY,
  isStoredEntropy,
  type WebStorageLike,
  wrapWebStorage,
} from './storage.ts';
export {
  type StrongMasterDerivation,
  type StrongMasterWorker,
  startStrongMasterWorker,
} from './strong-master-worker.ts';
export { STRONG_SALT, StrongRecord, strongCredentials, strongMasterJob } from './strong-record.ts';
export type {
  AuthRecord,
  GetFn,
  HedgehogOptions,
  KeyHolderConfig,
  KeyValueStore,
  LoginOptions,
  RecordFormat,
  SetAuthFn,
  SetUserFn,
  SignUpOptions,
  StrengthenResult,
} from './types.ts';
export { WalletManager } from './wallet-manager.ts';
