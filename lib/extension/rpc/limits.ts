// How much a site may ask Encore to sign in one request. Typed data has its own bounds beside its
// validator (lib/eip/typed-data/limits.ts: 64 KiB of JSON, 16 levels, 1,024
// elements per array).

/** personal_sign: the message's bytes after decoding (hex, or text as UTF-8). */
export const MAX_PERSONAL_SIGN_BYTES = 64 * 1024;
