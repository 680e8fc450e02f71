// Errors the key holder raises itself (bad configuration, a bad key file); request errors are
// HTTP answers instead.
import { EncoreError } from '@encore-wallet/utils/errors';

export type KeyHolderServiceErrorCode = 'KEY_HOLDER_CONFIG';

export class KeyHolderConfigError extends EncoreError<KeyHolderServiceErrorCode> {
  static override readonly code: KeyHolderServiceErrorCode = 'KEY_HOLDER_CONFIG';
  override readonly name = 'KeyHolderConfigError';
}
