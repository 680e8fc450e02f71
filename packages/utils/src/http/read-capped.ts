// Reads a response body as text, stopping as soon as it grows past `maxBytes`: whoever answers
// (a chain's node, a sponsor service) cannot make the reader hold an answer of any size.

/** The body as text; `tooLarge()` is thrown once it (or its declared length) passes the cap. */
export async function readCapped(
  response: Response,
  maxBytes: number,
  tooLarge: () => Error,
): Promise<string> {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge();
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
      throw tooLarge();
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
