// Errors the server raises itself (bad configuration); request errors are HTTP answers instead.

import { EncoreError } from '@encore-wallet/utils/errors';

export type ServerErrorCode = 'SERVER_CONFIG';

export class ServerConfigError extends EncoreError<ServerErrorCode> {
  static override readonly code: ServerErrorCode = 'SERVER_CONFIG';
  override readonly name = 'ServerConfigError';
}
