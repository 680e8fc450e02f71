// How much reading the holdings may cost: each read goes to the person's RPC node (their quota)
// and the popup waits for the answer, so every part is bounded.

/** Chains read per holdings request (the current chain first, then built-in, then added ones). */
export const MAX_CHAINS = 8;
/** Tokens listed per chain: the person's added ones first, then those seen in activity. */
export const MAX_TOKENS_PER_CHAIN = 20;
/** Tokens a person may add per account and chain. */
export const MAX_ADDED_TOKENS = MAX_TOKENS_PER_CHAIN;
/** Recent transactions per chain whose receipts are searched for token transfers. */
export const MAX_RECEIPTS_PER_CHAIN = 25;
/** A chain that has not answered everything by then is reported unreadable; the others are not held up. */
export const CHAIN_DEADLINE_MS = 10_000;
/** Receipts remembered in the worker's memory (a mined receipt does not change). */
export const MAX_CACHED_RECEIPTS = 1_000;
