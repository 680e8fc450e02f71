// Typed data (EIP-712) as Encore shows and signs it: checked against its declared types and
// rebuilt in one canonical form. Pure: no extension APIs, runs in the worker and in Node tests.

export { formatTypedDataPath, TypedDataError, type TypedDataPath } from './errors.ts';
export {
  MAX_TYPED_DATA_ARRAY_LENGTH,
  MAX_TYPED_DATA_BYTES,
  MAX_TYPED_DATA_DEPTH,
} from './limits.ts';
export { normaliseTypedData } from './normalise.ts';
export { withoutDomainType } from './signable.ts';
export type { TypedDataField, TypedDataPayload, TypedDataValue } from './types.ts';
