// @encore-wallet/core/key-holder: the client of an oblivious key holder (RFC 9497 POPRF). A
// record format calls `askKeyHolder` (or `evaluateWithKeyHolder`) with a pinned key and uses the
// output only when it returns: every other outcome is a typed error. `markHardened` reports a
// hardened record the record backend has stored.
export { keyHolderAccountId, keyHolderAccountIdHex } from './account-id.ts';
export {
  type AnswerRefusal,
  KeyHolderAnswerRefusedError,
  KeyHolderError,
  type KeyHolderErrorCode,
  type KeyHolderErrorJSON,
  KeyHolderPinInvalidError,
  KeyHolderRateLimitedError,
  KeyHolderRefusedError,
  KeyHolderUnreachableError,
} from './errors.ts';
export {
  askKeyHolder,
  evaluateWithKeyHolder,
  type KeyHolderAnswer,
  type KeyHolderEvaluation,
} from './evaluate.ts';
export { type MarkHardened, markHardened } from './mark-hardened.ts';
export { type CheckedPin, checkPin, type PinnedKeyHolder } from './pinned-key.ts';
