// One JSON-RPC request from the backend to a chain's node (the funding hook, the sponsor service):
// a 10 s deadline and the answer's shape checked; an error answer is handed back whole, for each
// caller to turn into its own error.
import { z } from 'zod';

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
  const response = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    signal: AbortSignal.timeout(10_000),
  });
  return NodeAnswerSchema.parse(await response.json());
}
