// The values a node's answers carry, read from what it sent. The node may lie: what these read
// informs the person and decides what to refuse, never what is signed. Each is marked pure: the
// popup and the approval window import lib/transactions only to format amounts, and an unmarked
// call here would make them load zod at start (tests/e2e/page-files.spec.ts watches that).
import { z } from 'zod';

/** A quantity: 0x and 1 to 64 hex digits (leading zeros taken, as nodes send them), a bigint. */
export const quantityAnswer = /* @__PURE__ */ z.lazy(() =>
  z
    .string()
    .regex(/^0x[0-9a-fA-F]{1,64}$/)
    .transform((value) => BigInt(value)),
);

/** Bytes: 0x-prefixed hex of even length, read in lower case. */
export const bytesAnswer = /* @__PURE__ */ z.lazy(() =>
  z
    .string()
    .regex(/^0x(?:[0-9a-fA-F]{2})*$/)
    .transform((value) => value.toLowerCase() as `0x${string}`),
);
