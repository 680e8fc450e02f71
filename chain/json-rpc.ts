// One JSON-RPC call to a chain's node: the local chain's start-up check, and the tests that read
// the chain directly rather than through a wallet. An error answer is thrown with its method.

/**
 * A kept-alive connection the node closed as it went idle (Node's HTTP server closes one after
 * 5 s): the request was written into a closing socket and never handled, so it is sent again
 * once, on a new connection.
 */
function closedIdleConnection(error: unknown): boolean {
  const cause = (error as { cause?: { code?: unknown } } | undefined)?.cause;
  return error instanceof TypeError && cause?.code === 'UND_ERR_SOCKET';
}

export async function jsonRpc(
  url: string,
  method: string,
  params: unknown[] = [],
): Promise<unknown> {
  const send = () =>
    fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    });
  let response: Response;
  try {
    response = await send();
  } catch (error) {
    if (!closedIdleConnection(error)) throw error;
    response = await send();
  }
  const body = (await response.json()) as { result?: unknown; error?: { message: string } };
  if (body.error) throw new Error(`${method}: ${body.error.message}`);
  return body.result;
}
