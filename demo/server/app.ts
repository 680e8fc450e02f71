// The demo music site's server: static page, the checks a real music service would run on what
// the wallet signed, a relayer that submits signed favorites on chain, paying the fees, and the
// session account that charges "Support the artist" each month through a spend permission. Every
// route validates its input with zod and answers `{ error }` precisely.

import type { CatalogClient } from '@encore-wallet/catalog';
import { verifyMessage } from 'ethers';
import { type Context, Hono } from 'hono';
import { z } from 'zod';
import { parseSiweMessage } from '../../lib/eip/index.ts';
import { checkIdToken } from './check-id-token.ts';
import { addressSchema, signatureSchema } from './hex-schemas.ts';
import { type NonceStore, SeenNonces } from './nonces.ts';
import type { Relayer } from './relay/relayer.ts';
import { relayRoutes } from './relay/routes.ts';
import type { SiteAssets } from './site-assets.ts';
import { type SiteSponsor, siteSponsorRoutes } from './sponsor/routes.ts';
import { supportRoutes } from './support/routes.ts';
import type { Supporters } from './support/supporters.ts';

export interface DemoAppDeps {
  catalog: CatalogClient;
  nonces: NonceStore;
  assets: SiteAssets;
  /** The origins this server answers as (`http://127.0.0.1:PORT`, …); ID tokens must name one. */
  origins(): readonly string[];
  /** Submits signed favorites on chain; null runs the site without one. */
  relayer?: Relayer | null;
  /** Pays for the listener's sponsored calls through the upstream sponsor; null: none. */
  sponsor?: SiteSponsor | null;
  /** "Support the artist": the spend permissions the site's session account redeems; null: none. */
  supporters?: Supporters | null;
  /** The request's network address (budgets); default: one shared key. */
  clientAddress?: (c: Context) => string;
  now?: () => number;
}

/** Sign-in is accepted on these chains, and on the chain the site runs on (its relayer's). */
const SIGN_IN_CHAINS: readonly number[] = [1, 11155111];

const siweBody = z.strictObject({
  message: z.string().min(1).max(4000),
  signature: signatureSchema,
});
const whoamiBody = z.strictObject({ token: z.string().min(1).max(8000) });

function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  return issue ? `${issue.path.join('.') || 'body'}: ${issue.message}` : 'invalid body';
}

export function createDemoApp(deps: DemoAppDeps): Hono {
  const now = deps.now ?? Date.now;
  const usedTokenNonces = new SeenNonces(now);
  const app = new Hono();

  app.onError((error, c) => {
    console.error('[demo]', error);
    return c.json({ error: 'internal error' }, 500);
  });

  async function json<S extends z.ZodType>(
    body: Promise<unknown>,
    schema: S,
  ): Promise<{ ok: true; data: z.output<S> } | { ok: false; error: string }> {
    const raw = await body.catch(() => undefined);
    const parsed = schema.safeParse(raw);
    return parsed.success
      ? { ok: true, data: parsed.data }
      : { ok: false, error: firstIssue(parsed.error) };
  }

  for (const [path, asset] of Object.entries(deps.assets.routes)) {
    app.get(path, async (c) => c.body(await asset.body(), 200, { 'content-type': asset.type }));
  }

  app.get('/api/profile/:address', async (c) => {
    const parsed = addressSchema.safeParse(c.req.param('address'));
    if (!parsed.success) {
      return c.json({ error: `address: ${parsed.error.issues[0]?.message ?? 'invalid'}` }, 400);
    }
    const id = await deps.catalog.getUserIdByWallet(parsed.data);
    if (!id) return c.json({ error: 'no catalog profile is linked to this wallet' }, 404);
    const user = await deps.catalog.getUser(id);
    return c.json({
      id: user.id,
      handle: user.handle,
      name: user.name,
      verified: user.is_verified,
      followers: user.follower_count,
      tracks: user.track_count,
    });
  });

  app.post('/api/siwe/nonce', (c) => c.json({ nonce: deps.nonces.issue() }));

  app.post('/api/siwe/verify', async (c) => {
    const body = await json(c.req.json(), siweBody);
    if (!body.ok) return c.json({ error: body.error }, 400);
    const parsed = parseSiweMessage(body.data.message);
    if (!parsed.ok) {
      const why = parsed.reason === 'malformed' ? `malformed ${parsed.detail}` : 'not EIP-4361';
      return c.json({ error: `message: ${why}` }, 400);
    }
    const siwe = parsed.message;
    // The domain must be this site as the browser reached it, or the signature was made for
    // another site and replayed here.
    const host = c.req.header('host') ?? '';
    if (siwe.domain !== host) return c.json({ error: `domain ${siwe.domain} is not ${host}` }, 401);
    const chains = [
      ...SIGN_IN_CHAINS,
      ...(deps.relayer ? [deps.relayer.chain.domain.chainId] : []),
    ];
    if (!chains.includes(siwe.chainId)) return c.json({ error: 'unsupported chain' }, 401);
    if (siwe.expirationTime && Date.parse(siwe.expirationTime) <= now()) {
      return c.json({ error: 'message expired' }, 401);
    }
    if (siwe.notBefore && Date.parse(siwe.notBefore) > now()) {
      return c.json({ error: 'message not yet valid' }, 401);
    }
    const signer = verifyMessage(body.data.message, body.data.signature);
    if (signer.toLowerCase() !== siwe.address.toLowerCase()) {
      return c.json({ error: 'signature is not from the address in the message' }, 401);
    }
    if (!deps.nonces.consume(siwe.nonce)) return c.json({ error: 'unknown or used nonce' }, 401);
    return c.json({ ok: true, address: signer });
  });

  relayRoutes(app, {
    relayer: deps.relayer ?? null,
    clientAddress: deps.clientAddress ?? (() => 'unknown'),
  });

  siteSponsorRoutes(app, { sponsor: deps.sponsor ?? null });

  supportRoutes(app, { supporters: deps.supporters ?? null });

  app.post('/api/whoami', async (c) => {
    const body = await json(c.req.json(), whoamiBody);
    if (!body.ok) return c.json({ error: body.error }, 400);
    // The audience is this server as the page reached it, and only ever one of its own origins:
    // no Host header makes it accept a token minted for another site.
    const host = c.req.header('host');
    const audience = deps.origins().find((origin) => new URL(origin).host === host);
    if (!audience) return c.json({ error: 'unknown host' }, 400);
    const checked = await checkIdToken(body.data.token, {
      catalog: deps.catalog,
      audience,
      nowMs: now(),
      seen: usedTokenNonces,
    });
    if (!checked.ok) return c.json({ error: checked.error, code: checked.code }, checked.status);
    const { user } = checked;
    return c.json({ ok: true, userId: user.userId, handle: user.handle, name: user.name });
  });

  return app;
}
