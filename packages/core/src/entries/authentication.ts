// @encore-wallet/core/authentication: the record format's primitives (lookup key, key, iv,
// encrypt and decrypt), byte-compatible with @audius/hedgehog 2.1.0.
export { Authentication } from '../authentication.ts';
export { DecryptionFailedError } from '../errors.ts';
export { LOOKUP_KEY_PATTERN, loginLookupKey } from '../login-key.ts';
