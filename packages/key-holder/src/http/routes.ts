// The key holder's HTTP API: POST /evaluate (one POPRF evaluation, limited per account and per
// client address, with the account's hardened mark), POST /hardened (marks an account hardened
// under a key, limited per client address), GET /keys (the public keys to pin), GET /health. Every answer is JSON; every
// error is `{ error: "field: what is wrong" }` with its status.
import {
  describeKeyHolderIssue,
  EvaluateRequestSchema,
  type EvaluateResponse,
  KEY_HOLDER_SUITE,
  type KeyList,
  MarkHardenedRequestSchema,
  type MarkHardenedResponse,
  type TooManyEvaluations,
} from '@encore-wallet/contract/key-holder';
import { bytesToHex, hexToBytes } from '@encore-wallet/utils/encoding';
import type { Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { evaluateBlinded } from '../evaluate.ts';
import type { KeyRing } from '../keys/key-ring.ts';
import type { GuessLimits } from '../limits/guess-policy.ts';
import type { CounterStore } from '../store/counter-store.ts';

/** Far more than a request needs (three short fields): anything bigger is refused unread. */
export const MAX_REQUEST_BYTES = 1024;

export interface RouteDeps {
  keys: KeyRing;
  store: CounterStore;
  limits: GuessLimits;
  /** The client address a request counts against. */
  addressOf(c: Context): string;
  now(): number;
}

function error(c: Context, status: ContentfulStatusCode, message: string): Response {
  return c.json({ error: message }, status);
}

function tooMany(c: Context, what: string, retryAfterSeconds: number): Response {
  const body: TooManyEvaluations = {
    error: `too many ${what}: try again in ${retryAfterSeconds} s`,
    retryAfterSeconds,
  };
  return c.json(body, 429, { 'retry-after': String(retryAfterSeconds) });
}

/** The request's JSON body, or the answer that refuses it (wrong media type, not JSON). */
async function jsonBody(c: Context): Promise<{ json: unknown } | { refusal: Response }> {
  const mediaType = c.req.header('content-type')?.split(';')[0]?.trim().toLowerCase();
  if (mediaType !== 'application/json') {
    return { refusal: error(c, 415, 'content-type: must be application/json') };
  }
  const text = await c.req.text();
  try {
    return { json: JSON.parse(text) };
  } catch {
    return { refusal: error(c, 400, 'body: is not valid JSON') };
  }
}

export function keyHolderRoutes(app: Hono, deps: RouteDeps): void {
  app.get('/health', (c) => c.json({ ok: true, engine: deps.store.engine }));

  app.get('/keys', (c) => {
    const body: KeyList = {
      suite: KEY_HOLDER_SUITE,
      current: deps.keys.current,
      keys: deps.keys.list().map((k) => ({ id: k.id, publicKey: k.publicKey })),
    };
    return c.json(body);
  });

  // The limit is counted as the body streams in (a missing or lying Content-Length included).
  const limit = bodyLimit({
    maxSize: MAX_REQUEST_BYTES,
    onError: (c) => error(c, 413, `body: must be at most ${MAX_REQUEST_BYTES} bytes`),
  });
  app.post('/evaluate', limit, async (c) => {
    const body = await jsonBody(c);
    if ('refusal' in body) return body.refusal;
    const parsed = EvaluateRequestSchema.safeParse(body.json);
    if (!parsed.success) return error(c, 400, describeKeyHolderIssue(parsed.error));
    const request = parsed.data;
    const key = deps.keys.get(request.keyId);
    // An unknown id spends nothing: it evaluates nothing.
    if (!key) return error(c, 404, 'keyId: this key holder has no key with this id');
    const account = request.account.toLowerCase();
    // Decided before any evaluation: past the limit, a guess gets nothing.
    const decision = await deps.store.spend(
      [
        { bucket: `a:${account.slice(0, 32)}`, limit: deps.limits.perAccount },
        { bucket: `c:${deps.addressOf(c)}`, limit: deps.limits.perAddress },
      ],
      deps.now(),
      deps.limits,
    );
    if (!decision.allowed) return tooMany(c, 'evaluations', decision.retryAfterSeconds);
    const result = evaluateBlinded(key, hexToBytes(account), hexToBytes(request.blinded));
    if (!result.ok) {
      return error(
        c,
        400,
        result.reason === 'identity'
          ? 'blinded: must not be the identity element'
          : 'blinded: is not a ristretto255 element',
      );
    }
    const answer: EvaluateResponse = {
      keyId: key.id,
      evaluated: bytesToHex(result.evaluated),
      proof: bytesToHex(result.proof),
      hardenedUnder: await deps.store.markOf(account),
    };
    return c.json(answer);
  });

  app.post('/hardened', limit, async (c) => {
    const body = await jsonBody(c);
    if ('refusal' in body) return body.refusal;
    const parsed = MarkHardenedRequestSchema.safeParse(body.json);
    if (!parsed.success) return error(c, 400, describeKeyHolderIssue(parsed.error));
    const { keyId, account } = parsed.data;
    // A mark names a key this key holder evaluates under, or a login would look under nothing.
    if (!deps.keys.get(keyId))
      return error(c, 404, 'keyId: this key holder has no key with this id');
    const decision = await deps.store.spend(
      [{ bucket: `m:${deps.addressOf(c)}`, limit: deps.limits.perAddress }],
      deps.now(),
      deps.limits,
    );
    if (!decision.allowed) return tooMany(c, 'marks', decision.retryAfterSeconds);
    await deps.store.mark(account.toLowerCase(), keyId);
    const answer: MarkHardenedResponse = { hardenedUnder: keyId };
    return c.json(answer);
  });
}
