// A chain node on 127.0.0.1 that answers what a test tells it to: JSON-RPC calls one by one
// (startFakeNode), or whole HTTP exchanges for answers no real node gives (startHttpServer: a
// body that never ends, a redirect).
import { createServer, type IncomingMessage, type RequestListener } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface TestServer {
  url: string;
  close(): Promise<void>;
}

export async function startHttpServer(listener: RequestListener): Promise<TestServer> {
  const sockets = new Set<Socket>();
  const server = createServer(listener);
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** What one call is answered with: its result, or a JSON-RPC error with this message. */
export type NodeReply = { result: unknown } | { error: string };

export type NodeAnswers = (method: string, params: unknown[]) => NodeReply | Promise<NodeReply>;

export async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** A JSON-RPC node whose every answer comes from `answers`, in the order the calls arrive. */
export function startFakeNode(answers: NodeAnswers): Promise<TestServer> {
  return startHttpServer(async (request, response) => {
    let call: { id: unknown; method: string; params: unknown[] };
    try {
      call = JSON.parse(await readBody(request));
    } catch {
      response.writeHead(400).end();
      return;
    }
    const reply = await answers(call.method, call.params);
    const body =
      'result' in reply
        ? { jsonrpc: '2.0', id: call.id, result: reply.result }
        : { jsonrpc: '2.0', id: call.id, error: { code: -32000, message: reply.error } };
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  });
}
