// POST /authentication stores (or, with oldLookupKey, replaces) an encrypted wallet record;
// GET /authentication?lookupKey= returns it. Both answer differently for a lookupKey that exists
// (200 vs 409 or 404, a record vs 404), so both spend rate-limit budget before touching the store:
// each its own (writes, lookups), per client address and per lookupKey.

import {
  describeValidationError,
  LookupKeySchema,
  type OkResponse,
  SetAuthRequestSchema,
} from '@encore-wallet/contract';
import type { Hono } from 'hono';
import type { RateLimiter } from '../../rate-limit/rate-limiter.ts';
import type { Store } from '../../store/store.ts';
import { clientAddress } from '../client-address.ts';
import { jsonError } from '../json-error.ts';
import { readJsonBody } from '../read-json-body.ts';
import { tooManyWrites } from '../too-many-writes.ts';

export interface AuthenticationDeps {
  store: Store;
  limiter: RateLimiter;
  trustProxy: number;
}

export function authenticationRoutes(app: Hono, deps: AuthenticationDeps): void {
  app.post('/authentication', async (c) => {
    const body = await readJsonBody(c);
    if (!body.ok) return jsonError(c, body.status, body.error);
    const parsed = SetAuthRequestSchema.safeParse(body.value);
    if (!parsed.success) return jsonError(c, 400, describeValidationError(parsed.error));
    const { oldLookupKey, ...fields } = parsed.data;
    // Hex compares case-insensitively; Hedgehog itself only ever sends lowercase.
    const record = { ...fields, lookupKey: fields.lookupKey.toLowerCase() };
    const oldKey = oldLookupKey?.toLowerCase();
    // Decided before the store is asked anything: past the limit, a guess learns nothing and
    // stores nothing.
    const decision = await deps.limiter.checkWrite(
      clientAddress(c, deps.trustProxy),
      oldKey === undefined ? [record.lookupKey] : [record.lookupKey, oldKey],
    );
    if (!decision.allowed) return tooManyWrites(c, decision.retryAfterSeconds);
    const result =
      oldKey === undefined
        ? await deps.store.insertAuth(record)
        : await deps.store.replaceAuth(record, oldKey);
    if (result === 'duplicate') {
      return jsonError(c, 409, 'lookupKey: a record with this lookupKey already exists');
    }
    if (result === 'old-missing') {
      return jsonError(c, 404, 'oldLookupKey: no record has this lookupKey');
    }
    const ok: OkResponse = { ok: true };
    return c.json(ok, 200);
  });

  app.get('/authentication', async (c) => {
    const given = c.req.queries('lookupKey') ?? [];
    if (given.length > 1) return jsonError(c, 400, 'lookupKey: must be given once');
    // The query has one field: its schema alone is cheaper than the object's (hot path).
    const parsed = LookupKeySchema.safeParse(given[0]);
    if (!parsed.success) {
      return jsonError(c, 400, describeValidationError(parsed.error, 'lookupKey'));
    }
    const lookupKey = parsed.data.toLowerCase();
    // Asked together so the store can serve both in one transaction; a refused lookup's record
    // is read but never sent.
    const { decision, record } = await deps.limiter.lookup(
      clientAddress(c, deps.trustProxy),
      lookupKey,
    );
    if (!decision.allowed) {
      return jsonError(c, 429, 'too many lookups: try again later', {
        'Retry-After': String(decision.retryAfterSeconds),
      });
    }
    if (!record) return jsonError(c, 404, 'lookupKey: no record has this lookupKey');
    // Built directly with plain-object headers: @hono/node-server then writes it without
    // converting a Headers object (c.header + c.json would), a few µs on the hottest route.
    return new Response(JSON.stringify(record), {
      status: 200,
      headers: { 'content-type': 'application/json', 'cache-control': 'no-store' },
    });
  });
}
