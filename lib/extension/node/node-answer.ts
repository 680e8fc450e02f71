// The node's JSON-RPC answer, read as untrusted input: a result passes as it is; an error passes
// as a JSON-RPC error reduced to code, a short message and small data. Codes in EIP-1193's
// wallet range (1000–4999: "user rejected", "unauthorized"…) are the wallet's to say, never the
// node's: a node saying 4001 would make a page think the person refused.

import { isRecord } from '../../guards/index.ts';
import { ProviderRpcError } from '../protocol/index.ts';
import { NodeUnavailableError } from './errors.ts';

const MAX_MESSAGE_LENGTH = 300;
const MAX_DATA_BYTES = 2048;

function sanitisedError(raw: Record<string, unknown>): ProviderRpcError {
  const { code, message, data } = raw;
  const text =
    typeof message === 'string'
      ? // Control characters out, so a message stays one readable line.
        // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
        message.replace(/[\u0000-\u001f\u007f]+/g, ' ').slice(0, MAX_MESSAGE_LENGTH)
      : 'The chain node refused the request.';
  const walletRange = typeof code === 'number' && code >= 1000 && code <= 4999;
  const usable = Number.isSafeInteger(code) && !walletRange;
  let small: unknown;
  if (data !== undefined) {
    const json = JSON.stringify(data);
    if (json !== undefined && new TextEncoder().encode(json).length <= MAX_DATA_BYTES) {
      small = JSON.parse(json) as unknown;
    }
  }
  return new ProviderRpcError(usable ? (code as number) : -32603, text, small);
}

/** The result, or throws the error the site should hear. `id` is the request's. */
export function readNodeAnswer(body: unknown, id: number): unknown {
  if (!isRecord(body) || body.id !== id) {
    throw new NodeUnavailableError('answered something that is not a JSON-RPC answer');
  }
  if (isRecord(body.error)) throw sanitisedError(body.error);
  if (!Object.hasOwn(body, 'result')) {
    throw new NodeUnavailableError('answered something that is not a JSON-RPC answer');
  }
  return body.result;
}
