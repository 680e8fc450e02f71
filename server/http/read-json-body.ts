// Reads a request body as JSON, counting the bytes actually received: a lying or missing
// Content-Length (chunked upload) cannot push more than MAX_BODY_BYTES into memory.
import type { Context } from 'hono';
import { MAX_BODY_BYTES } from '../../lib/backend-contract/index.ts';

export type BodyResult =
  | { ok: true; value: unknown }
  | { ok: false; status: 400 | 413 | 415; error: string };

const TOO_LARGE = {
  ok: false,
  status: 413,
  error: `body: must be at most ${MAX_BODY_BYTES} bytes`,
} as const;

export async function readJsonBody(c: Context): Promise<BodyResult> {
  const mediaType = c.req.header('content-type')?.split(';')[0]?.trim().toLowerCase();
  if (mediaType !== 'application/json') {
    return { ok: false, status: 415, error: 'content-type: must be application/json' };
  }
  const declared = Number(c.req.header('content-length'));
  if (declared > MAX_BODY_BYTES) return TOO_LARGE;
  const stream = c.req.raw.body;
  if (!stream) return { ok: false, status: 400, error: 'body: is required' };

  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BODY_BYTES) {
      await reader.cancel().catch(() => {});
      return TOO_LARGE;
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
