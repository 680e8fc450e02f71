// A node's answer read under the size cap (@encore-wallet/utils/http): past it, the node is as good as unavailable.

import { readCapped as readHttpCapped } from '@encore-wallet/utils/http';
import { NodeUnavailableError } from './errors.ts';

export function readCapped(response: Response, maxBytes: number): Promise<string> {
  return readHttpCapped(
    response,
    maxBytes,
    () => new NodeUnavailableError(`answered more than ${maxBytes} bytes`),
  );
}
