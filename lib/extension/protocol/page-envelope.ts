// The page <-> relay wire format. Both sides share one window, so every message carries a
// `target` naming its reader; anything else on the channel (the page's own postMessage traffic,
// other wallets) is ignored. Kept free of zod: this file is bundled into the injected script.

import type { RpcErrorShape } from './rpc-error.ts';

export const RELAY_TARGET = 'encore-relay';
export const INPAGE_TARGET = 'encore-inpage';
/**
 * A plain DOM event the relay fires on the window when it starts, for a page that asked before
 * the relay was there (a message would reach every message listener the page has; this reaches
 * only whoever listens for this name).
 */
export const RELAY_READY_EVENT = 'encore:relay-ready';

/** Page -> relay. */
export type ToRelay =
  | { target: typeof RELAY_TARGET; kind: 'hello' }
  | { target: typeof RELAY_TARGET; kind: 'request'; id: string; method: string; params?: unknown };

/** Relay -> page. */
export type ToInpage =
  | { target: typeof INPAGE_TARGET; kind: 'ready' }
  | {
      target: typeof INPAGE_TARGET;
      kind: 'response';
      id: string;
      result?: unknown;
      error?: RpcErrorShape;
    }
  | { target: typeof INPAGE_TARGET; kind: 'event'; event: string; data: unknown };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** Accepts only messages posted by this very window (not frames, not openers) to `target`. */
function fromSelf(
  event: MessageEvent,
  self: Window,
  target: string,
): Record<string, unknown> | null {
  if (event.source !== self) return null;
  const data: unknown = event.data;
  if (!isRecord(data) || data.target !== target) return null;
  return data;
}

export function readToInpage(event: MessageEvent, self: Window): ToInpage | null {
  const data = fromSelf(event, self, INPAGE_TARGET);
  if (!data) return null;
  if (data.kind === 'ready') return data as ToInpage;
  if (data.kind === 'response' && typeof data.id === 'string') {
    if (data.error !== undefined && !isErrorShape(data.error)) return null;
    return data as ToInpage;
  }
  if (data.kind === 'event' && typeof data.event === 'string') return data as ToInpage;
  return null;
}

export function readToRelay(event: MessageEvent, self: Window): ToRelay | null {
  const data = fromSelf(event, self, RELAY_TARGET);
  if (!data) return null;
  if (data.kind === 'hello') return { target: RELAY_TARGET, kind: 'hello' };
  if (
    data.kind === 'request' &&
    typeof data.id === 'string' &&
    data.id.length <= 100 &&
    typeof data.method === 'string'
  ) {
    return {
      target: RELAY_TARGET,
      kind: 'request',
      id: data.id,
      method: data.method,
      params: data.params,
    };
  }
  return null;
}

export function isErrorShape(value: unknown): value is RpcErrorShape {
  return isRecord(value) && typeof value.code === 'number' && typeof value.message === 'string';
}
