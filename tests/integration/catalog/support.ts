import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createServer as createNetServer, type Server, type Socket } from 'node:net';
import { freePort } from '../../support/free-port.ts';

export interface Closable {
  url: string;
  close(): Promise<void>;
}

export interface RecordedRequest {
  url: string;
  accept: string | undefined;
}

/** A URL on 127.0.0.1 where nothing listens: connecting is refused at once. */
export async function refusingUrl(): Promise<string> {
  return `http://127.0.0.1:${await freePort()}`;
}

/** Listens on a free 127.0.0.1 port; closing also drops keep-alive connections. */
export async function serveLocally(server: HttpServer): Promise<Closable> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** Accepts connections and never answers. */
export async function hangingHost(): Promise<Closable> {
  const sockets = new Set<Socket>();
  const server: Server = createNetServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

/** Serves one fixed JSON body (status 200 unless told) at every path, recording requests. */
export async function jsonServer(
  body: unknown,
  status = 200,
): Promise<Closable & { requests: RecordedRequest[] }> {
  const requests: RecordedRequest[] = [];
  const server = createHttpServer((req, res) => {
    requests.push({ url: req.url ?? '', accept: req.headers.accept });
    res.writeHead(status, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(body));
  });
  const { url, close } = await serveLocally(server);
  return { url: `${url}/`, requests, close };
}

/** Always picks the first host in the list (tests decide who is first). */
export const pickFirst = (): number => 0;
