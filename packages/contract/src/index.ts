// @encore-wallet/contract: the HTTP contract between the wallet core and a persistence backend
// (zod schemas, the types inferred from them, BackendError, the contract's one failure) and the
// error base every Encore error extends (from @encore-wallet/utils, one copy per install, so
// `instanceof` holds across the packages). A leaf: the server, the backend client and the wallet
// core all import it, and it imports none of them.

export * from '@encore-wallet/utils/errors';
export {
  BackendError,
  type BackendErrorCode,
  type BackendErrorJSON,
} from './backend-error.ts';
export * from './contract.ts';
export { MAX_BODY_BYTES, MAX_USERNAME_LENGTH } from './limits.ts';
