// POST /sponsor: the sponsor service's JSON-RPC endpoint (ERC-7769 bundler methods; see
// packages/server/src/sponsor/). One request per body (no batches), at most 64 KiB. Every answer is a JSON-RPC
// response: a result, or an error whose `data.reason` is the refusal's stable code. With the
// sponsor off, every request answers SPONSOR_NOT_CONFIGURED (503).
import type { Context, Hono } from 'hono';
import { z } from 'zod';
import type { RateLimiter } from '../../rate-limit/rate-limiter.ts';
import type { Sponsor } from '../../sponsor/sponsor.ts';
import { SponsorError } from '../../sponsor/sponsor-error.ts';
import { clientAddress } from '../client-address.ts';
import { readJsonBody } from '../read-json-body.ts';

export const SPONSOR_PATH = '/sponsor';
/** A user operation of 16 calls and 32 KiB of calldata, as hex, fits with room to spare. */
const MAX_SPONSOR_BODY_BYTES = 64 * 1024;

export interface SponsorRouteDeps {
  sponsor?: Sponsor;
  limiter: RateLimiter;
  trustProxy: number;
}

const requestSchema = z.strictObject({
  jsonrpc: z.literal('2.0'),
  id: z.union([z.number().int(), z.string().max(64), z.null()]),
  method: z.string().max(128),
  params: z.unknown().optional(),
});

type Id = z.infer<typeof requestSchema>['id'];

function rpcError(
  c: Context,
  id: Id,
  error: { code: number; message: string; data?: unknown },
  status: 200 | 400 | 413 | 415 | 429 | 503 = 200,
  headers?: Record<string, string>,
): Response {
  return c.json({ jsonrpc: '2.0', id, error }, status, headers);
}

function refuse(c: Context, id: Id, error: SponsorError): Response {
  const retry = error.retryAfterSeconds;
  return rpcError(
    c,
    id,
    error.toRpcError(),
    error.httpStatus,
    retry === null ? undefined : { 'Retry-After': String(retry) },
  );
}

export function sponsorRoutes(app: Hono, deps: SponsorRouteDeps): void {
  mountSponsorRpc(app, SPONSOR_PATH, {
    service: deps.sponsor,
    limiter: deps.limiter,
    trustProxy: deps.trustProxy,
  });
}

/** What answers a sponsor endpoint's methods: the sponsor service or its ERC-7677 paymaster. */
export interface SponsorRpcService {
  handle(method: string, params: unknown, clientBucket: string): Promise<unknown>;
}

/**
 * Mounts a sponsor's JSON-RPC endpoint at `path`: the body read and checked, the sponsor's rate
 * limit per client, every refusal as a JSON-RPC error with its reason; SPONSOR_NOT_CONFIGURED
 * without a service. POST /sponsor and POST /paymaster share it.
 */
export function mountSponsorRpc(
  app: Hono,
  path: string,
  deps: { service?: SponsorRpcService; limiter: RateLimiter; trustProxy: number },
): void {
  app.post(path, async (c) => {
    const body = await readJsonBody(c, MAX_SPONSOR_BODY_BYTES);
    if (!body.ok) return rpcError(c, null, { code: -32700, message: body.error }, body.status);
    const request = requestSchema.safeParse(body.value);
    if (!request.success) {
      return rpcError(c, null, {
        code: -32600,
        message: 'body: must be one JSON-RPC 2.0 request { jsonrpc, id, method, params }',
      });
    }
    const { id, method, params } = request.data;
    if (!deps.service) {
      return refuse(
        c,
        id,
        new SponsorError(
          'SPONSOR_NOT_CONFIGURED',
          'this backend sponsors nothing (its SPONSOR_* settings are unset)',
        ),
      );
    }
    const client = clientAddress(c, deps.trustProxy);
    const decision = await deps.limiter.checkSponsor(client);
    if (!decision.allowed) {
      return refuse(
        c,
        id,
        new SponsorError('SPONSOR_TOO_MANY_REQUESTS', 'too many requests: try again later', {
          retryAfterSeconds: decision.retryAfterSeconds,
        }),
      );
    }
    try {
      const result = await deps.service.handle(method, params ?? [], client);
      return c.json({ jsonrpc: '2.0', id, result }, 200);
    } catch (error) {
      if (error instanceof SponsorError) return refuse(c, id, error);
      throw error;
    }
  });
}
