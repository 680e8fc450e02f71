// Reads a response body as text, stopping as soon as it grows past `maxBytes`: a node (or
// whatever answers at its URL) cannot make the worker hold an answer of any size.

import { NodeUnavailableError } from './errors.ts';

function tooLarge(maxBytes: number): NodeUnavailableError {
  return new NodeUnavailableError(`answered more than ${maxBytes} bytes`);
}

export async function readCapped(response: Response, maxBytes: number): Promise<string> {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge(maxBytes);
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge(maxBytes);
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return new TextDecoder().decode(bytes);
}
