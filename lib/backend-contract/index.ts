// The HTTP contract between the wallet core and the persistence backend: zod schemas and the
// types inferred from them. A leaf (zod only): the server, the backend client and the wallet core
// all import it, and the wallet core cannot import lib/backend (which throws its BackendError).
export * from './contract.ts';
