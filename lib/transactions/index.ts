// Write transactions: from a site's request to the one canonical transaction the person sees and
// the wallet signs (filled from the chain, decoded, simulated, warned about), and the daily
// spending limit. Pure TypeScript over @encore-wallet/utils/chain-rpc's `ChainRpc`: no extension APIs.

export {
  ETHER_DECIMALS,
  formatNative,
  formatNativeRounded,
  formatTokenAmount,
  formatUnitsExact,
  LARGE_APPROVAL,
  type NativeCurrency,
  parseUnitsExact,
  shortAddress,
  UNLIMITED_APPROVAL,
} from './amounts.ts';
export {
  type CanonicalTransaction,
  maxCostWei,
  maxFeeWei,
  type TransactionFee,
  toSignable,
} from './canonical.ts';
export {
  type CallDescription,
  type DecodedArgument,
  describeCall,
  type TokenCall,
} from './decode/describe-call.ts';
export { knownSignatureCount } from './decode/known-signatures.ts';
export type { TokenFunction, TokenStandard } from './decode/token-abi.ts';
export { readTokenInfo, type TokenInfo } from './decode/token-info.ts';
export {
  ChainUnreadableError,
  InvalidTransactionError,
  type TransactionErrorCode,
} from './errors.ts';
export { type FilledTransaction, fillTransaction } from './fill.ts';
export {
  describeOutflow,
  type Outflow,
  outflowOf,
  type TokenOutflow,
  tokenOutflow,
  tokenOutflows,
} from './outflow.ts';
export {
  type AccessListEntry,
  MAX_DATA_BYTES,
  type TransactionRequest,
  transactionRequestSchema,
  walletCall,
} from './request.ts';
export type { RevertReason } from './revert.ts';
export {
  buildReview,
  type ReviewContext,
  reviewTransaction,
  type TransactionReview,
} from './review.ts';
export { type Simulation, simulate } from './simulate.ts';
export {
  checkSpending,
  costOf,
  costOfCalls,
  recentRecords,
  SPENDING_WINDOW_MS,
  type SpendingCheck,
  type SpendingLimit,
  type SpendingReason,
  type SpendingRecord,
  spentWithin,
  type TransactionCost,
} from './spending.ts';
export { summarize } from './summary.ts';
export {
  type PermitGrant,
  type PermitKind,
  type PermitToken,
  permitGrantOf,
  type TypedDataToRead,
} from './typed-permit.ts';
export {
  approvalSize,
  type TransactionWarning,
  type TransactionWarningKind,
  warningsFor,
} from './warnings.ts';
