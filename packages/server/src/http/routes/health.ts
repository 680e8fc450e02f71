// GET /health: 200 with the engine name when the database answers, 503 when it does not (or has
// stopped taking writes after a failed fsync, STORE_WRITES_STOPPED); with
// the funding hook on, the payments by state (a chain that is down shows as queued + lastError);
// with the sponsor service on, its account, operations in flight and sent today.

import type { HealthResponse } from '@encore-wallet/contract';
import type { Hono } from 'hono';
import type { Funding } from '../../funding/funding.ts';
import type { Sponsor } from '../../sponsor/sponsor.ts';
import type { Store } from '../../store/store.ts';
import { StoreDurabilityError } from '../../store/store-errors.ts';
import { jsonError } from '../json-error.ts';

export function healthRoutes(app: Hono, store: Store, funding?: Funding, sponsor?: Sponsor): void {
  app.get('/health', async (c) => {
    const health: HealthResponse = { ok: true, engine: store.engine };
    try {
      await store.ping();
      if (funding) health.funding = await funding.status();
      if (sponsor) health.sponsor = await sponsor.status();
    } catch (error) {
      // Writes stopped after a failed fsync: the store's own words, with their code.
      if (error instanceof StoreDurabilityError) return jsonError(c, 503, error.message);
      return jsonError(c, 503, `database: ${store.engine} is not answering`);
    }
    return c.json(health, 200);
  });
}
