// POST /users (alias POST /user, which the original Hedgehog example posts to): username → address.
import type { Hono } from 'hono';
import {
  describeValidationError,
  type OkResponse,
  SetUserRequestSchema,
} from '../../../lib/backend/contract.ts';
import type { Store } from '../../store/store.ts';
import { jsonError } from '../json-error.ts';
import { readJsonBody } from '../read-json-body.ts';

export const USER_PATHS = ['/users', '/user'] as const;

export function userRoutes(app: Hono, store: Store): void {
  for (const path of USER_PATHS) {
    app.post(path, async (c) => {
      const body = await readJsonBody(c);
      if (!body.ok) return jsonError(c, body.status, body.error);
      const parsed = SetUserRequestSchema.safeParse(body.value);
      if (!parsed.success) return jsonError(c, 400, describeValidationError(parsed.error));
      const { username, walletAddress } = parsed.data;
      // Usernames compare case-insensitively because Hedgehog lowercases them in the lookupKey
      // ("Ann" and "ann" log into the same wallet); addresses because EIP-55 casing is a checksum.
      const result = await store.setUser({
        username,
        usernameKey: username.toLowerCase(),
        walletAddress: walletAddress.toLowerCase(),
      });
      if (result === 'conflict') {
        return jsonError(c, 409, 'username: already registered to another wallet address');
      }
      const ok: OkResponse = { ok: true };
      return c.json(ok, 200);
    });
  }
}
