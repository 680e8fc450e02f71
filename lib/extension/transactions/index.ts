// The worker's side of write transactions: preparing what the approval window shows, sending what
// was approved (nonces, the daily spending limit, the activity list).
export { ChainChangedError, SpendingLimitError } from './errors.ts';
export {
  type NonceMemory,
  type RememberedNonces,
  sessionNonceMemory,
  workerNonceMemory,
} from './nonce-memory.ts';
export { createNonceReservations, type NonceReservations } from './nonce-reservations.ts';
export {
  boundRecords,
  createSpendingLedger,
  MAX_RECORDS_PER_ACCOUNT,
  SPENDING_KEY,
  type SpendingLedger,
} from './spending-ledger.ts';
export {
  type CurrentChain,
  createTransactionService,
  type TransactionService,
  type TransactionServiceDeps,
  type TransactionSigner,
  WALLET_ORIGIN,
} from './transaction-service.ts';
