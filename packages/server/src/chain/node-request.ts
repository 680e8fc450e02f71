// One JSON-RPC request from the backend to a chain's node (the funding hook, the sponsor service):
// a 10 s deadline, at most NODE_ANSWER_MAX_BYTES of body, no redirects followed, and the answer's
// shape checked; an error answer is handed back whole, for each caller to turn into its own
// error. Anything else the node does is a NodeRequestError.

import { readCapped } from '@encore-wallet/utils/http';
import { z } from 'zod';
import { NodeRequestError } from './node-request-error.ts';

/** The most of a node's answer that is read (a receipt with many logs fits with room to spare). */
export const NODE_ANSWER_MAX_BYTES = 4 * 1024 * 1024;
const DEADLINE_MS = 10_000;

const NodeAnswerSchema = z.union([
  z.object({ result: z.unknown() }),
  z.object({ error: z.object({ message: z.string(), data: z.unknown().optional() }) }),
]);

export type NodeAnswer = z.infer<typeof NodeAnswerSchema>;

export async function nodeRequest(
  rpcUrl: string,
  method: string,
  params: readonly unknown[],
): Promise<NodeAnswer> {
  const text = await fetchAnswer(rpcUrl, method, params);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new NodeRequestError('NODE_BAD_ANSWER', `${method}: the answer is not JSON`, {
      cause: error,
    });
  }
  const answer = NodeAnswerSchema.safeParse(json);
  if (!answer.success) {
    throw new NodeRequestError('NODE_BAD_ANSWER', `${method}: not a JSON-RPC answer`, {
      cause: answer.error,
    });
  }
  return answer.data;
}

async function fetchAnswer(
  rpcUrl: string,
  method: string,
  params: readonly unknown[],
): Promise<string> {
  const signal = AbortSignal.timeout(DEADLINE_MS);
  try {
    const response = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
      // A redirect would send the call (a signed transaction among them) where the operator
      // never pointed it, and read the answer from there.
      redirect: 'manual',
      signal,
    });
    if (response.status >= 300 && response.status < 400) {
      await response.body?.cancel().catch(() => undefined);
      throw new NodeRequestError('NODE_REDIRECT', `${method}: the node answered a redirect`, {
        details: { status: response.status },
      });
    }
    return await readCapped(
      response,
      NODE_ANSWER_MAX_BYTES,
      () =>
        new NodeRequestError(
          'NODE_ANSWER_TOO_LARGE',
          `${method}: the answer is larger than ${NODE_ANSWER_MAX_BYTES} bytes`,
        ),
    );
  } catch (error) {
    if (error instanceof NodeRequestError) throw error;
    throw new NodeRequestError('NODE_UNREACHABLE', `${method}: no answer from the node`, {
      cause: error,
    });
  }
}
