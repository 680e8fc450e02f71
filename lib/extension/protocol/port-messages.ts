// The relay <-> worker wire format, over the provider port. The relay forwards a page's request
// as a PortRequest; the worker answers each one with a `response` and pushes `event`s. Each end
// reads what it receives with the reader below for its side. Hand-written rather than zod: both
// content scripts run on every page, and zod would multiply the relay's size.

import { isRecord } from '../../guards/index.ts';
import { isErrorShape } from './page-envelope.ts';
import type { RpcErrorShape } from './rpc-error.ts';

/** Relay -> worker. `id` is the page's own, echoed in the response. */
export interface PortRequest {
  kind: 'request';
  id: string;
  method: string;
  params?: unknown;
}

/** Worker -> relay: the answer to one request. */
export interface PortResponse {
  kind: 'response';
  id: string;
  result?: unknown;
  error?: RpcErrorShape;
}

/** Worker -> relay: something changed for this page (`state`, `accountsChanged`, …). */
export interface PortEvent {
  kind: 'event';
  event: string;
  data: unknown;
}

export type PortAnswer = PortResponse | PortEvent;

const MAX_ID_LENGTH = 100;
const MAX_METHOD_LENGTH = 200;

function isBoundedString(value: unknown, max: number): value is string {
  return typeof value === 'string' && value.length >= 1 && value.length <= max;
}

/**
 * The worker's reading of a request: the request's own fields only, or null when it is not one
 * (an id or method that is missing, empty or oversized).
 */
export function readPortRequest(raw: unknown): PortRequest | null {
  const id = answerableRequestId(raw);
  if (id === null || !isRecord(raw) || !isBoundedString(raw.method, MAX_METHOD_LENGTH)) {
    return null;
  }
  return { kind: 'request', id, method: raw.method, params: raw.params };
}

/** The id of something shaped like a request, even when its method is unusable, or null. */
export function answerableRequestId(raw: unknown): string | null {
  if (!isRecord(raw) || raw.kind !== 'request' || !isBoundedString(raw.id, MAX_ID_LENGTH)) {
    return null;
  }
  return raw.id;
}

/** The relay's reading of what the worker sent; an error of the wrong shape is dropped. */
export function readPortAnswer(raw: unknown): PortAnswer | null {
  if (!isRecord(raw)) return null;
  const message = raw;
  if (message.kind === 'response' && typeof message.id === 'string') {
    const error = isErrorShape(message.error) ? message.error : undefined;
    return { kind: 'response', id: message.id, result: message.result, error };
  }
  if (message.kind === 'event' && typeof message.event === 'string') {
    return { kind: 'event', event: message.event, data: message.data };
  }
  return null;
}
