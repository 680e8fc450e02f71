// The relayer's HTTP surface on the demo server:
//   GET  /api/relay/config            where favorites go (chain, contract, relayer, RPC URL) — 503 if none
//   GET  /api/relay/nonce/:address    the listener's next nonce, read on chain
//   POST /api/relay/favorite          { typedData, signature } → { txHash, … } or { error, code }
import type { Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { addressSchema } from '../hex-schemas.ts';
import { RelayError } from './errors.ts';
import type { Relayer } from './relayer.ts';

export interface RelayRouteDeps {
  /** null when the site runs without a relayer: every route answers RELAY_NOT_CONFIGURED. */
  relayer: Relayer | null;
  /** The network address the request came from (the per-address budget's key). */
  clientAddress(c: Context): string;
}

function refuse(c: Context, error: RelayError): Response {
  const retry = error.details?.retryAfterSeconds;
  if (typeof retry === 'number') c.header('retry-after', String(retry));
  return c.json({ error: error.message, code: error.code, ...error.details }, error.status);
}

export function relayRoutes(app: Hono, deps: RelayRouteDeps): void {
  const notConfigured = new RelayError(
    'RELAY_NOT_CONFIGURED',
    'this site has no relayer (set CHAIN_RPC_URL, RELAYER_KEY and FAVORITES_ADDRESS)',
  );
  const guarded =
    (handler: (c: Context, relayer: Relayer) => Promise<Response>) =>
    async (c: Context): Promise<Response> => {
      if (!deps.relayer) return refuse(c, notConfigured);
      try {
        return await handler(c, deps.relayer);
      } catch (error) {
        if (error instanceof RelayError) return refuse(c, error);
        throw error;
      }
    };

  app.get(
    '/api/relay/config',
    guarded(async (c, relayer) =>
      c.json({
        chainId: relayer.chain.domain.chainId,
        contract: relayer.chain.domain.verifyingContract,
        relayer: relayer.chain.relayerAddress,
        rpcUrl: relayer.config.publicRpcUrl,
        requireCatalogWallet: relayer.config.requireCatalogWallet,
        maxDeadlineSeconds: relayer.config.maxDeadlineSeconds,
      }),
    ),
  );

  app.get(
    '/api/relay/nonce/:address',
    guarded(async (c, relayer) => {
      const parsed = addressSchema.safeParse(c.req.param('address'));
      if (!parsed.success) {
        throw new RelayError('RELAY_BAD_REQUEST', `address: ${parsed.error.issues[0]?.message}`);
      }
      return c.json({ nonce: (await relayer.chain.nonceOf(parsed.data)).toString() });
    }),
  );

  app.post(
    '/api/relay/favorite',
    // A favorite is well under 4 KiB; nothing larger is read.
    bodyLimit({
      maxSize: 16 * 1024,
      onError: (c) => c.json({ error: 'body: too large', code: 'RELAY_BAD_REQUEST' }, 413),
    }),
    guarded(async (c, relayer) => {
      const body = await c.req.json().catch(() => undefined);
      return c.json(await relayer.relayFavorite(body, deps.clientAddress(c)));
    }),
  );
}
