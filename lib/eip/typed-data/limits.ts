// How much typed data Encore agrees to show and sign. Real EIP-712 requests (permits, orders,
// relayed actions) are a few KiB at most; beyond these bounds nobody can read the window anyway.

/** The typed data as JSON text, in UTF-8 bytes (measured on the text a site sent, or its JSON). */
export const MAX_TYPED_DATA_BYTES = 64 * 1024;

/** Structs and array dimensions nested below the primary type's value. */
export const MAX_TYPED_DATA_DEPTH = 16;

/** Elements in any one array, and the largest fixed length a type may declare. */
export const MAX_TYPED_DATA_ARRAY_LENGTH = 1024;
