// @encore-wallet/key-holder: the oblivious key holder (RFC 9497 POPRF, ristretto255-SHA512) as
// a handler to mount (`createKeyHolder`) or a server (`startKeyHolder`, the `encore-key-holder`
// bin), its key ring and its guess limits.
export { configFromEnv, DEFAULT_KEY_HOLDER_PORT } from './config-from-env.ts';
export { createKeyHolder, type KeyHolder, type KeyHolderOptions } from './create-key-holder.ts';
export { KeyHolderConfigError, type KeyHolderServiceErrorCode } from './errors.ts';
export {
  type HeldKey,
  type KeyFile,
  type KeyRing,
  keyRingFrom,
  newSecretKey,
  parseKeyFile,
  publicKeyOf,
} from './keys/key-ring.ts';
export { loadKeyRing } from './keys/load-keys.ts';
export { DEFAULT_GUESS_LIMITS, type GuessLimits } from './limits/guess-policy.ts';
export {
  type RunningKeyHolder,
  type StartKeyHolderOptions,
  startKeyHolder,
} from './start-key-holder.ts';
export type { CounterEngine } from './store/counter-store.ts';
