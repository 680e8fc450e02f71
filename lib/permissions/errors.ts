// The errors of reading a site's ERC-7715 permission request: a field that is malformed, unsafe
// or contradicts another, and a permission or rule type Encore does not grant. Both reach the
// site as -32602 naming the field (ERC-7715 leaves the codes to EIP-1193 and JSON-RPC).

import { FieldError } from '@encore-wallet/utils/errors';

export type PermissionErrorCode = 'INVALID_PERMISSION_REQUEST' | 'UNSUPPORTED_PERMISSION';

/** A field of the request is malformed, unsafe or contradicts another; `field` names it. */
export class InvalidPermissionRequestError extends FieldError<'INVALID_PERMISSION_REQUEST'> {
  static override readonly code = 'INVALID_PERMISSION_REQUEST' as const;
  override readonly name = 'InvalidPermissionRequestError' as const;
}

/** A permission type or rule type Encore does not grant. */
export class UnsupportedPermissionError extends FieldError<'UNSUPPORTED_PERMISSION'> {
  static override readonly code = 'UNSUPPORTED_PERMISSION' as const;
  override readonly name = 'UnsupportedPermissionError' as const;
}
