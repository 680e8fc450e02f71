// The key holder's HTTP API: POST /evaluate (one POPRF evaluation, limited per account and per
// client address), GET /keys (the public keys to pin), GET /health. Every answer is JSON; every
// error is `{ error: "field: what is wrong" }` with its status.
import {
  describeKeyHolderIssue,
  EvaluateRequestSchema,
  type EvaluateResponse,
  KEY_HOLDER_SUITE,
  type KeyList,
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
    const mediaType = c.req.header('content-type')?.split(';')[0]?.trim().toLowerCase();
    if (mediaType !== 'application/json') {
      return error(c, 415, 'content-type: must be application/json');
    }
    const text = await c.req.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      return error(c, 400, 'body: is not valid JSON');
    }
    const parsed = EvaluateRequestSchema.safeParse(json);
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
    if (!decision.allowed) {
      const body: TooManyEvaluations = {
        error: `too many evaluations: try again in ${decision.retryAfterSeconds} s`,
        retryAfterSeconds: decision.retryAfterSeconds,
      };
      return c.json(body, 429, { 'retry-after': String(decision.retryAfterSeconds) });
    }
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
    const body: EvaluateResponse = {
      keyId: key.id,
      evaluated: bytesToHex(result.evaluated),
      proof: bytesToHex(result.proof),
    };
    return c.json(body);
  });
}
