// The id of the chain at an RPC URL, read once at start: the page is told where its calls run.
import { z } from 'zod';

const answerSchema = z.object({ result: z.string().regex(/^0x[0-9a-fA-F]{1,13}$/) });

export async function readChainId(rpcUrl: string): Promise<number> {
  const response = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
    signal: AbortSignal.timeout(10_000),
  });
  const parsed = answerSchema.safeParse(await response.json().catch(() => null));
  if (!parsed.success) throw new Error(`${rpcUrl} did not answer eth_chainId with a chain id`);
  return Number.parseInt(parsed.data.result, 16);
}
