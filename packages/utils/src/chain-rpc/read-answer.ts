import type { z } from 'zod';
import type { ChainRpc } from './chain-rpc.ts';
import { ChainAnswerError } from './errors.ts';

/**
 * The node's answer to `method`, read with `schema`. The node's own error is thrown as it came
 * (a revert stays a revert); an answer that does not fit throws ChainAnswerError.
 */
export async function readAnswer<T>(
  rpc: ChainRpc,
  method: string,
  params: readonly unknown[],
  schema: z.ZodType<T>,
): Promise<T> {
  const answer = schema.safeParse(await rpc.request(method, params));
  if (!answer.success) throw new ChainAnswerError(method, { cause: answer.error });
  return answer.data;
}
