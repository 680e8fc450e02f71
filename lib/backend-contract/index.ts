// The HTTP contract between the wallet core and the persistence backend: zod schemas and the
// types inferred from them, and BackendError, the contract's one failure. A leaf (zod and the
// error base only): the server, the backend client and the wallet core all import it, and the
// wallet core cannot import lib/backend.
export {
  BackendError,
  type BackendErrorCode,
  type BackendErrorJSON,
} from './backend-error.ts';
export * from './contract.ts';
export { MAX_BODY_BYTES, MAX_USERNAME_LENGTH } from './limits.ts';
