// The contract's numbers, apart from its schemas: the wallet core checks usernames against them
// without loading the schemas (or zod) into a page.

/** Largest request body the server reads; longer bodies are answered 413. */
export const MAX_BODY_BYTES = 4096;

/**
 * Longest username, in UTF-16 code units after trimming, that the server stores. The wallet core
 * refuses longer ones at sign-up, before anything is stored.
 */
export const MAX_USERNAME_LENGTH = 128;
