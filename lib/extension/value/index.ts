// What the wallet holds on every chain Encore can read, and when that is more than a password
// wallet should guard: the holdings reader, the tokens a person added, the value card's rule and
// its dismissal.
export { ADDED_TOKENS_KEY, type AddedTokens, createAddedTokens } from './added-tokens.ts';
export { createDismissedStore, DISMISSED_KEY, type DismissedStore } from './dismissed-levels.ts';
export {
  createHoldingsReader,
  type HoldingsReader,
  type HoldingsReaderDeps,
  holdingsChain,
  type SentTransactionRef,
  type TokenLookup,
} from './holdings-reader.ts';
export {
  CHAIN_DEADLINE_MS,
  MAX_ADDED_TOKENS,
  MAX_CHAINS,
  MAX_RECEIPTS_PER_CHAIN,
  MAX_TOKENS_PER_CHAIN,
} from './limits.ts';
export type { TokenIdentity } from './token-reads.ts';
export { TRANSFER_TOPIC, tokenTransfersIn } from './token-transfers.ts';
export type {
  ChainHoldings,
  Holdings,
  HoldingsChain,
  NativeHolding,
  TokenHolding,
} from './types.ts';
export {
  type DismissedLevels,
  dismissLevels,
  type OverThreshold,
  overThreshold,
  showCard,
} from './watch-rule.ts';
