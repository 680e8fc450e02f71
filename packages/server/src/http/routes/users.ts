// POST /users (alias POST /user, which the original Hedgehog example posts to): username → address.
// Its 409 tells that a username is registered. A username is not derived from a password (it is a
// public handle, and sign-up must say when one is taken), so there is no per-key budget here; but
// every accepted request stores a row, so it spends the client address's write budget, which
// bounds junk rows and how fast one address can probe usernames.

import {
  describeValidationError,
  type OkResponse,
  SetUserRequestSchema,
} from '@encore-wallet/contract';
import type { Hono } from 'hono';
import type { Funding } from '../../funding/funding.ts';
import type { RateLimiter } from '../../rate-limit/rate-limiter.ts';
import type { Store } from '../../store/store.ts';
import { clientAddress } from '../client-address.ts';
import { jsonError } from '../json-error.ts';
import { readJsonBody } from '../read-json-body.ts';
import { tooManyWrites } from '../too-many-writes.ts';

export const USER_PATHS = ['/users', '/user'] as const;

export interface UserDeps {
  store: Store;
  limiter: RateLimiter;
  trustProxy: number;
  funding?: Funding;
}

export function userRoutes(app: Hono, deps: UserDeps): void {
  for (const path of USER_PATHS) {
    app.post(path, async (c) => {
      const body = await readJsonBody(c);
      if (!body.ok) return jsonError(c, body.status, body.error);
      const parsed = SetUserRequestSchema.safeParse(body.value);
      if (!parsed.success) return jsonError(c, 400, describeValidationError(parsed.error));
      const { username, walletAddress } = parsed.data;
      const client = clientAddress(c, deps.trustProxy);
      const decision = await deps.limiter.checkWrite(client, []);
      if (!decision.allowed) return tooManyWrites(c, decision.retryAfterSeconds);
      // Usernames compare case-insensitively because Hedgehog lowercases them in the lookupKey
      // ("Ann" and "ann" log into the same wallet); addresses because EIP-55 casing is a checksum.
      const user = {
        username,
        usernameKey: username.toLowerCase(),
        walletAddress: walletAddress.toLowerCase(),
      };
      const result = await deps.store.setUser(user);
      if (result === 'conflict') {
        return jsonError(c, 409, 'username: already registered to another wallet address');
      }
      // Only a new user: queues a payment (never fails or delays the answer beyond one write).
      if (result === 'stored') await deps.funding?.onNewUser(user, client);
      const ok: OkResponse = { ok: true };
      return c.json(ok, 200);
    });
  }
}
