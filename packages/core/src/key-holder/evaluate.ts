// One oblivious evaluation by a key holder (RFC 9497 POPRF, ristretto255-SHA512, by
// @noble/curves 2): blind the input, ask, check the answer against the PINNED key tweaked for
// this account, finalize. The key holder never sees the input; an answer is used only when its
// DLEQ proof verifies for the pinned key, so a key holder (or whoever sits in its place) that
// answers with another key, the identity, garbage or a forged proof gets a typed refusal.
import {
  type EvaluateRequest,
  EvaluateResponseSchema,
  TooManyEvaluationsSchema,
} from '@encore-wallet/contract/key-holder';
import { bytesToHex, hexToBytes } from '@encore-wallet/utils/encoding';
import { type FetchText, fetchText, parseJson, readCapped } from '@encore-wallet/utils/http';
import { ristretto255, ristretto255_oprf } from 'noble-curves-2/ed25519.js';
import { keyHolderAccountId } from './account-id.ts';
import {
  KeyHolderAnswerRefusedError,
  KeyHolderRateLimitedError,
  KeyHolderRefusedError,
  KeyHolderUnreachableError,
} from './errors.ts';
import { type CheckedPin, checkPin, type PinnedKeyHolder } from './pinned-key.ts';

/** An answer is three short fields: anything much bigger is not an answer. */
const MAX_ANSWER_BYTES = 4096;
const DEFAULT_TIMEOUT_MS = 10_000;

export interface KeyHolderEvaluation {
  /** The username whose account identifier is the public input (normalised here). */
  username: string;
  /** The private input (e.g. a strengthened derivation of the password); never sent. */
  input: Uint8Array;
  /** The key holder and its pinned key (checked here; `checkPin` ahead saves the repeat). */
  keyHolder: PinnedKeyHolder | CheckedPin;
  fetch?: FetchText;
  timeoutMs?: number;
  signal?: AbortSignal;
  /** Called once the request is on its way (so a caller can start its own work only then). */
  onSent?: () => void;
}

/** What a key holder's checked answer gives: the output, and what it says of the account. */
export interface KeyHolderAnswer {
  /** The key the output is under (the pinned one). */
  keyId: string;
  /** The 64-byte POPRF output. */
  output: Uint8Array;
  /** The id of the key the account's hardened record was made under, or null (none reported). */
  hardenedUnder: string | null;
}

/** The 64-byte POPRF output, only from an answer whose proof verified for the pinned key. */
export async function evaluateWithKeyHolder(request: KeyHolderEvaluation): Promise<Uint8Array> {
  return (await askKeyHolder(request)).output;
}

/**
 * The POPRF output and the account's mark, only from an answer whose proof verified for the
 * pinned key (the mark is read from the same answer: a key holder answering for another key, or
 * without a valid proof, says nothing that is used).
 */
export async function askKeyHolder(request: KeyHolderEvaluation): Promise<KeyHolderAnswer> {
  const pin =
    request.keyHolder.publicKey instanceof Uint8Array
      ? (request.keyHolder as CheckedPin)
      : checkPin(request.keyHolder as PinnedKeyHolder);
  const account = await keyHolderAccountId(request.username);
  const poprf = ristretto255_oprf.poprf(account);
  const { blind, blinded, tweakedKey } = poprf.blind(request.input, pin.publicKey);
  const body: EvaluateRequest = {
    keyId: pin.keyId,
    account: bytesToHex(account),
    blinded: bytesToHex(blinded),
  };
  const exchange = keyHolderExchange(`${pin.url}/evaluate`, body, request);
  request.onSent?.();
  const json = await exchange;
  const parsed = EvaluateResponseSchema.safeParse(json);
  if (!parsed.success) throw new KeyHolderAnswerRefusedError('malformed');
  const answer = parsed.data;
  if (answer.keyId !== pin.keyId) throw new KeyHolderAnswerRefusedError('other-key');
  const evaluated = hexToBytes(answer.evaluated);
  let point: InstanceType<typeof ristretto255.Point>;
  try {
    point = ristretto255.Point.fromBytes(evaluated);
  } catch (cause) {
    throw new KeyHolderAnswerRefusedError('not-an-element', { cause });
  }
  if (point.equals(ristretto255.Point.ZERO)) throw new KeyHolderAnswerRefusedError('identity');
  let output: Uint8Array;
  try {
    output = poprf.finalize(
      request.input,
      blind,
      evaluated,
      blinded,
      hexToBytes(answer.proof),
      tweakedKey,
    );
  } catch (cause) {
    throw new KeyHolderAnswerRefusedError('bad-proof', { cause });
  }
  return { keyId: pin.keyId, output, hardenedUnder: answer.hardenedUnder };
}

/** The answer to a request of ours, or the typed error its status or its absence means. */
export async function keyHolderExchange(
  url: string,
  body: unknown,
  options: {
    fetch?: FetchText | undefined;
    timeoutMs?: number | undefined;
    signal?: AbortSignal | undefined;
  },
): Promise<unknown> {
  const fetchFn: FetchText = options.fetch ?? ((input, init) => fetch(input, init));
  const exchange = await fetchText(
    fetchFn,
    url,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      ...(options.signal ? { signal: options.signal } : {}),
    },
    options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    (response) =>
      readCapped(response, MAX_ANSWER_BYTES, () => new KeyHolderAnswerRefusedError('malformed')),
  );
  if (!exchange.answered) {
    if (exchange.cause instanceof KeyHolderAnswerRefusedError) throw exchange.cause;
    throw new KeyHolderUnreachableError(undefined, { cause: exchange.cause });
  }
  const { status, headers, text } = exchange.response;
  const json = parseJson(text);
  if (status === 429) throw new KeyHolderRateLimitedError(retryAfter(json, headers));
  if (status >= 500) throw new KeyHolderUnreachableError(status);
  if (status !== 200) throw new KeyHolderRefusedError(status, errorText(json));
  return json;
}

/** The wait a 429 names: its body's `retryAfterSeconds`, else Retry-After, else a minute. */
function retryAfter(json: unknown, headers: Headers): number {
  const body = TooManyEvaluationsSchema.safeParse(json);
  if (body.success) return body.data.retryAfterSeconds;
  const header = Number(headers.get('retry-after'));
  return Number.isInteger(header) && header >= 1 ? header : 60;
}

function errorText(json: unknown): string {
  const error = (json as { error?: unknown } | undefined)?.error;
  return typeof error === 'string' ? error.slice(0, 200) : 'no reason given';
}
