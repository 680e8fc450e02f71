// The demo server's "Support the artist" routes (the reference backend of a spend permission):
//   GET  /api/support/offer                     who redeems (the session account), on which chain, the chain's time
//   POST /api/support/grants                    { listener, trackId, context, delegationManager } → the grant's state
//   GET  /api/support/grants/:listener          the grant's state: granted, revoked, next charge, charges so far
//   POST /api/support/grants/:listener/charge   charges this period's 0.001 ETH now → { txHash, state }
// Refusals answer { error, code } with the status SupportError names.
import type { Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod';
import { addressSchema } from '../hex-schemas.ts';
import { SupportError } from './errors.ts';
import type { Supporters } from './supporters.ts';

const grantBody = z.strictObject({
  listener: addressSchema,
  trackId: z.string().min(1).max(64),
  // One delegation with a few caveats is under 2 KB; the limit keeps a page from sending megabytes.
  context: z
    .string()
    .max(20_000)
    .regex(/^0x([0-9a-fA-F]{2})+$/, 'must be 0x-prefixed hex bytes'),
  delegationManager: addressSchema,
});

function refuse(c: Context, error: SupportError): Response {
  return c.json({ error: error.message, code: error.code }, error.status);
}

function listenerParam(c: Context): string {
  const parsed = addressSchema.safeParse(c.req.param('listener'));
  if (!parsed.success) {
    throw new SupportError('SUPPORT_BAD_REQUEST', `listener: ${parsed.error.issues[0]?.message}`);
  }
  return parsed.data;
}

export function supportRoutes(app: Hono, deps: { supporters: Supporters | null }): void {
  const notConfigured = new SupportError(
    'SUPPORT_NOT_CONFIGURED',
    'this site offers no subscription (set SUPPORT_SESSION_KEY and the Delegation Framework addresses)',
  );
  const guarded =
    (handler: (c: Context, supporters: Supporters) => Promise<Response>) =>
    async (c: Context): Promise<Response> => {
      if (!deps.supporters) return refuse(c, notConfigured);
      try {
        return await handler(c, deps.supporters);
      } catch (error) {
        if (error instanceof SupportError) return refuse(c, error);
        throw error;
      }
    };

  app.get(
    '/api/support/offer',
    guarded(async (c, s) => c.json(await s.offer())),
  );

  app.post(
    '/api/support/grants',
    bodyLimit({
      maxSize: 32 * 1024,
      onError: (c) => refuse(c, new SupportError('SUPPORT_BAD_REQUEST', 'body: too large')),
    }),
    guarded(async (c, s) => {
      const parsed = grantBody.safeParse(await c.req.json().catch(() => undefined));
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        throw new SupportError(
          'SUPPORT_BAD_REQUEST',
          `${issue?.path.join('.') || 'body'}: ${issue?.message ?? 'invalid'}`,
        );
      }
      return c.json(await s.grant(parsed.data), 201);
    }),
  );

  app.get(
    '/api/support/grants/:listener',
    guarded(async (c, s) => c.json(await s.state(listenerParam(c)))),
  );

  app.post(
    '/api/support/grants/:listener/charge',
    guarded(async (c, s) => c.json(await s.charge(listenerParam(c)))),
  );
}
