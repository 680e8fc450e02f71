// @encore-wallet/contract: the HTTP contract between the wallet core and a persistence backend
// (zod schemas, the types inferred from them, BackendError) and the error base every Encore
// error extends. One copy per install, so `instanceof BackendError` holds across the packages.
export * from '../../../lib/backend-contract/index.ts';
export * from '../../../lib/errors/index.ts';
