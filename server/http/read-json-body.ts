// Reads a request body as JSON, counting the bytes actually received: a lying or missing
// Content-Length (chunked upload) cannot push more than MAX_BODY_BYTES into memory.
import type { Context } from 'hono';
import { MAX_BODY_BYTES } from '../../lib/backend-contract/index.ts';

export type BodyResult =
  | { ok: true; value: unknown }
  | { ok: false; status: 400 | 413 | 415; error: string };

function tooLarge(maxBytes: number): BodyResult {
  return { ok: false, status: 413, error: `body: must be at most ${maxBytes} bytes` };
}

/** The body as JSON; `maxBytes` defaults to the backend contract's limit. */
export async function readJsonBody(c: Context, maxBytes = MAX_BODY_BYTES): Promise<BodyResult> {
  const mediaType = c.req.header('content-type')?.split(';')[0]?.trim().toLowerCase();
  if (mediaType !== 'application/json') {
    return { ok: false, status: 415, error: 'content-type: must be application/json' };
  }
  const declared = Number(c.req.header('content-length'));
  if (declared > maxBytes) return tooLarge(maxBytes);
  const stream = c.req.raw.body;
  if (!stream) return { ok: false, status: 400, error: 'body: is required' };

  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => {});
      return tooLarge(maxBytes);
    }
    chunks.push(value);
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(Buffer.concat(chunks));
  } catch {
    return { ok: false, status: 400, error: 'body: is not valid UTF-8' };
  }
  if (text.trim() === '') return { ok: false, status: 400, error: 'body: is required' };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false, status: 400, error: 'body: is not valid JSON' };
  }
}
