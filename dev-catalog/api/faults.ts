// Dev mode only: a switch that makes API hosts (and the host list) fail the way real catalog hosts
// do, so a person or a test can watch Encore through an outage and back. `POST /dev/faults` on
// the host list sets it, `GET /dev/faults` reads it; `/dev/*` itself never fails.
import type { IncomingMessage } from 'node:http';
import type { Hono, MiddlewareHandler } from 'hono';
import { z } from 'zod';
import { ApiError } from './http-error.ts';

/**
 * `error`: 503 in the host's dialect; `reset`: the connection is cut at once; `hang`: the request
 * is accepted and never answered (until the client gives up).
 */
export type FaultKind = 'error' | 'reset' | 'hang';

export interface DevFaults {
  /** API host index → how it fails. */
  hosts: Map<number, FaultKind>;
  /** How the host list fails, or null. */
  hostList: FaultKind | null;
}

export function createDevFaults(): DevFaults {
  return { hosts: new Map(), hostList: null };
}

const faultsBody = z.strictObject({
  /** API hosts to fail: 'all', or their indexes; [] (or 'none') for none. */
  failing: z.union([z.enum(['all', 'none']), z.array(z.number().int().nonnegative())]),
  kind: z.enum(['error', 'reset', 'hang']).default('error'),
  /** The host list fails too (same kind). */
  hostList: z.boolean().default(false),
});

function faultState(faults: DevFaults, hostCount: number) {
  return {
    hosts: Array.from({ length: hostCount }, (_, i) => faults.hosts.get(i) ?? null),
    hostList: faults.hostList,
  };
}

export function registerFaultRoutes(app: Hono, faults: DevFaults, hostCount: () => number): void {
  app.get('/dev/faults', (c) => c.json({ data: faultState(faults, hostCount()) }));
  app.post('/dev/faults', async (c) => {
    let raw: unknown;
    try {
      raw = await c.req.json();
    } catch {
      throw new ApiError(400, 'Body must be JSON: {failing, kind?, hostList?}');
    }
    const parsed = faultsBody.safeParse(raw);
    if (!parsed.success) {
      throw new ApiError(
        400,
        "Body must be {failing: 'all' | 'none' | [host indexes], kind?: 'error' | 'reset' | 'hang', hostList?: boolean}",
      );
    }
    const { failing, kind, hostList } = parsed.data;
    const count = hostCount();
    const indexes =
      failing === 'all'
        ? Array.from({ length: count }, (_, i) => i)
        : failing === 'none'
          ? []
          : failing;
    const unknown = indexes.find((i) => i >= count);
    if (unknown !== undefined) throw new ApiError(400, `No API host ${unknown} (0–${count - 1})`);
    faults.hosts = new Map(indexes.map((i) => [i, kind]));
    faults.hostList = hostList ? kind : null;
    return c.json({ data: faultState(faults, count) });
  });
}

/** Fails every request but `/dev/*` as `current()` says (null: answers normally). */
export function failWhenSwitched(current: () => FaultKind | null): MiddlewareHandler {
  return async (c, next) => {
    const kind = current();
    if (kind === null || c.req.path.startsWith('/dev/')) return next();
    if (kind === 'error') throw new ApiError(503, 'Service unavailable (dev catalog fault switch)');
    const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
    const socket = incoming?.socket;
    if (kind === 'reset' || !socket) {
      socket?.destroy();
      return new Response(null, { status: 503 }); // never written: the socket is gone
    }
    // Held until the client gives up; then the answer has nowhere to go.
    await new Promise<void>((resolve) => {
      if (socket.destroyed) resolve();
      else socket.once('close', () => resolve());
    });
    return new Response(null, { status: 503 });
  };
}
