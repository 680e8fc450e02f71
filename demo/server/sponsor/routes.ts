// The site's sponsored calls on the demo server:
//   GET  /api/sponsor/config  what the page needs (chain, FanActions, the sponsor URL to name in
//                             wallet_sendCalls, an ERC-7677 paymaster URL when the site has one,
//                             a public RPC URL) — 503 when the site has none
//   POST /api/sponsor         the sponsor service the page names: one JSON-RPC request, checked
//                             and passed to the upstream sponsor (the reference backend's
//                             POST /sponsor), whose answer comes back as it is
// The wallet names the sponsor by the URL the site gave, so the window says the site pays.
import type { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod';
import type { SiteSponsorConfig } from './config.ts';

/** As the upstream's own cap: a batch of 16 calls and 32 KiB of calldata fits. */
const MAX_BODY_BYTES = 64 * 1024;
const UPSTREAM_TIMEOUT_MS = 30_000;

export interface SiteSponsor {
  readonly config: SiteSponsorConfig;
  readonly chainId: number;
}

export interface SponsorRouteDeps {
  /** null when the site sponsors nothing. */
  sponsor: SiteSponsor | null;
  fetch?: typeof fetch;
}

const requestSchema = z.strictObject({
  jsonrpc: z.literal('2.0'),
  id: z.union([z.number().int(), z.string().max(64), z.null()]),
  method: z.enum([
    'eth_chainId',
    'eth_supportedEntryPoints',
    'eth_estimateUserOperationGas',
    'eth_sendUserOperation',
    'eth_getUserOperationReceipt',
  ]),
  params: z.array(z.unknown()).max(4).optional(),
});

const NOT_CONFIGURED = 'this site sponsors nothing (set SPONSOR_URL and FAN_ACTIONS_ADDRESS)';

export function siteSponsorRoutes(app: Hono, deps: SponsorRouteDeps): void {
  const fetchFn = deps.fetch ?? fetch;

  app.get('/api/sponsor/config', (c) => {
    if (!deps.sponsor)
      return c.json({ error: NOT_CONFIGURED, code: 'SPONSOR_NOT_CONFIGURED' }, 503);
    const origin = new URL(c.req.url).origin;
    return c.json({
      chainId: deps.sponsor.chainId,
      fanActions: deps.sponsor.config.fanActionsAddress,
      sponsorUrl: `${origin}/api/sponsor`,
      rpcUrl: deps.sponsor.config.publicRpcUrl,
      paymasterUrl: deps.sponsor.config.paymasterUrl ?? null,
    });
  });

  app.post(
    '/api/sponsor',
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: (c) =>
        c.json(
          { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'body: at most 64 KiB' } },
          413,
        ),
    }),
    async (c) => {
      const raw = await c.req.json().catch(() => undefined);
      const parsed = requestSchema.safeParse(raw);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        const where = issue?.path.join('.') || 'body';
        return c.json(
          {
            jsonrpc: '2.0',
            id: null,
            error: { code: -32600, message: `${where}: ${issue?.message ?? 'invalid'}` },
          },
          400,
        );
      }
      if (!deps.sponsor) {
        return c.json(
          { jsonrpc: '2.0', id: parsed.data.id, error: { code: -32000, message: NOT_CONFIGURED } },
          503,
        );
      }
      let upstream: Response;
      try {
        upstream = await fetchFn(deps.sponsor.config.upstreamUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(parsed.data),
          signal: AbortSignal.timeout(UPSTREAM_TIMEOUT_MS),
        });
      } catch (error) {
        console.error('[demo] sponsor unreachable', error);
        return c.json(
          {
            jsonrpc: '2.0',
            id: parsed.data.id,
            error: { code: -32000, message: "the site's sponsor service is unreachable" },
          },
          502,
        );
      }
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      const retry = upstream.headers.get('retry-after');
      if (retry) headers['retry-after'] = retry;
      return new Response(await upstream.text(), { status: upstream.status, headers });
    },
  );
}
