// Reading a chain through its node, for @encore-wallet/calls, lib/transactions and the extension alike: the
// one-request-at-a-time interface, the reader that checks an answer's shape before anything
// relies on it (ChainAnswerError when it does not fit), and the reads more than one of them make.
export { bytesAnswer, quantityAnswer } from './answer-schemas.ts';
export { readBalance, readCode, readLatestBlock, readTransactionCount } from './chain-reads.ts';
export type { ChainRpc } from './chain-rpc.ts';
export { ChainAnswerError, type ChainRpcErrorCode } from './errors.ts';
export { readAnswer } from './read-answer.ts';
