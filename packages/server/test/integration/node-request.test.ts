// The backend's one way to ask a chain's node (the funding hook and the sponsor both use it),
// against nodes that answer what no node should: a body that never ends, a redirect.
import { afterEach, describe, expect, it } from 'vitest';
import {
  startFakeNode,
  startHttpServer,
  type TestServer,
} from '../../../../tests/support/fake-node.ts';
import { NODE_ANSWER_MAX_BYTES, nodeRequest } from '../../src/chain/node-request.ts';
import { NodeRequestError } from '../../src/chain/node-request-error.ts';

async function refusal(promise: Promise<unknown>): Promise<NodeRequestError> {
  const error = await promise.then(
    (answer) => {
      throw new Error(`expected a refusal, got ${JSON.stringify(answer)}`);
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(NodeRequestError);
  return error as NodeRequestError;
}

describe('nodeRequest', () => {
  const servers: TestServer[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => server.close()));
  });

  it('attack: a node streaming an endless answer is cut off past the cap, and stops being read', async () => {
    let written = 0;
    let closed!: () => void;
    const gaveUp = new Promise<void>((resolve) => {
      closed = resolve;
    });
    const chunk = Buffer.alloc(64 * 1024, 0x20); // JSON whitespace, forever
    const node = await startHttpServer((_, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.on('close', closed);
      const more = (): void => {
        while (!response.destroyed) {
          written += chunk.length;
          if (!response.write(chunk)) {
            response.once('drain', more);
            return;
          }
        }
      };
      response.write('{"result":"');
      more();
    });
    servers.push(node);
    const error = await refusal(nodeRequest(node.url, 'eth_blockNumber', []));
    expect(error.code).toBe('NODE_ANSWER_TOO_LARGE');
    await gaveUp;
    // What the node got to write is the cap plus what the sockets' buffers held (about as much
    // again here), nothing more: the reader stopped and hung up, long before its 10 s deadline.
    expect(written).toBeGreaterThan(NODE_ANSWER_MAX_BYTES);
    expect(written).toBeLessThan(NODE_ANSWER_MAX_BYTES + 16 * 1024 * 1024);
  }, 8_000);

  it('attack: a node whose declared length is past the cap is not read at all', async () => {
    const node = await startHttpServer((_, response) => {
      response.writeHead(200, { 'content-length': String(NODE_ANSWER_MAX_BYTES + 1) });
      response.write('{"result":"');
    });
    servers.push(node);
    const error = await refusal(nodeRequest(node.url, 'eth_blockNumber', []));
    expect(error.code).toBe('NODE_ANSWER_TOO_LARGE');
  }, 8_000);

  it.each([301, 302, 307, 308])(
    'attack: a node answering %i is not followed: the call never reaches the other address',
    async (status) => {
      const calls: string[] = [];
      const elsewhere = await startHttpServer((request, response) => {
        calls.push(request.method ?? '');
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end('{"jsonrpc":"2.0","id":1,"result":"0x1"}');
      });
      const node = await startHttpServer((_, response) => {
        response.writeHead(status, { location: `${elsewhere.url}/` });
        response.end();
      });
      servers.push(elsewhere, node);
      const error = await refusal(nodeRequest(node.url, 'eth_sendRawTransaction', ['0x01']));
      expect(error.code).toBe('NODE_REDIRECT');
      expect(calls).toEqual([]);
    },
  );

  it('takes an answer within the cap, and names a non-JSON-RPC one', async () => {
    const node = await startFakeNode(() => ({ result: '0x2a' }));
    const garbled = await startHttpServer((_, response) => response.end('<html>busy</html>'));
    servers.push(node, garbled);
    expect(await nodeRequest(node.url, 'eth_blockNumber', [])).toEqual({ result: '0x2a' });
    expect((await refusal(nodeRequest(garbled.url, 'eth_blockNumber', []))).code).toBe(
      'NODE_BAD_ANSWER',
    );
  });
});
