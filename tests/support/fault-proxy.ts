// A node:http proxy in front of a server under test that fails chosen requests the way a real
// deployment's network and load balancer do: a cut connection, a gateway error before or after
// the server acted, a request or an answer held up. Every exchange is logged with what the server
// itself answered, so a test can tell a write that landed from one that never arrived.
import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  request,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export type Fault =
  /** The connection is cut at once: the request never reaches the server (a backend that is down). */
  | { kind: 'drop' }
  /** The proxy answers `status` itself (a load balancer's 502/503): the server never sees it. */
  | { kind: 'answer'; status: number }
  /** The server acts, then its answer is lost: replaced by `status`, or the connection cut. */
  | { kind: 'lose-answer'; status?: number }
  /** Held `ms` before it is forwarded (the server acts late, even if the client gave up). */
  | { kind: 'delay-request'; ms: number }
  /** Forwarded at once (the server acts), its answer held `ms`. */
  | { kind: 'delay-answer'; ms: number };

export interface ProxiedRequest {
  method: string;
  /** Without the query string. */
  path: string;
}

/** Decides each request's fault; undefined passes it through untouched. */
export type FaultRule = (request: ProxiedRequest) => Fault | undefined;

export interface Exchange extends ProxiedRequest {
  fault: Fault['kind'] | null;
  /** What the server answered; null when the request never reached it. */
  serverStatus: number | null;
}

export interface FaultProxy {
  url: string;
  /** Replaces the rule (null: everything passes). */
  setRule(rule: FaultRule | null): void;
  /** Every request so far, in arrival order, completed as the server answers. */
  readonly log: readonly Exchange[];
  /** Resolves once every request held or forwarded so far has its server answer. */
  settled(): Promise<void>;
  close(): Promise<void>;
}

/** A rule that applies `fault` to `METHOD /path` requests only. */
export function onRoute(route: string, fault: Fault): FaultRule {
  const [method, path] = route.split(' ');
  return (r) => (r.method === method && r.path === path ? fault : undefined);
}

/** A rule that fails every request (the backend is down). */
export const everything =
  (fault: Fault): FaultRule =>
  () =>
    fault;

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

interface Upstream {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export async function startFaultProxy(upstreamUrl: string): Promise<FaultProxy> {
  const upstream = new URL(upstreamUrl);
  let rule: FaultRule | null = null;
  const log: Exchange[] = [];
  const inFlight = new Set<Promise<unknown>>();
  const sockets = new Set<Socket>();

  function forward(incoming: IncomingMessage, body: Buffer): Promise<Upstream> {
    return new Promise((resolve, reject) => {
      const outgoing = request(
        {
          host: upstream.hostname,
          port: upstream.port,
          method: incoming.method,
          path: incoming.url,
          headers: { ...incoming.headers, host: upstream.host, connection: 'close' },
        },
        (answer) => {
          const chunks: Buffer[] = [];
          answer.on('data', (chunk: Buffer) => chunks.push(chunk));
          answer.on('error', reject);
          answer.on('end', () =>
            resolve({
              status: answer.statusCode ?? 0,
              headers: answer.headers,
              body: Buffer.concat(chunks),
            }),
          );
        },
      );
      outgoing.on('error', reject);
      outgoing.end(body);
    });
  }

  function reply(res: ServerResponse, answer: Upstream): void {
    if (res.destroyed || res.writableEnded) return; // the client gave up meanwhile
    const headers = { ...answer.headers };
    delete headers['transfer-encoding'];
    delete headers.connection;
    res.writeHead(answer.status, headers);
    res.end(answer.body);
  }

  function gatewayError(res: ServerResponse, status: number): void {
    if (res.destroyed || res.writableEnded) return;
    // A load balancer's page, not the backend's JSON: the client must cope with either.
    res.writeHead(status, { 'content-type': 'text/html' });
    res.end(`<html><body><h1>${status}</h1>The upstream server failed.</body></html>`);
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const path = new URL(req.url ?? '/', 'http://proxy').pathname;
    const fault = rule?.({ method: req.method ?? 'GET', path }) ?? null;
    const exchange: Exchange = {
      method: req.method ?? 'GET',
      path,
      fault: fault?.kind ?? null,
      serverStatus: null,
    };
    log.push(exchange);
    const toServer = async (): Promise<Upstream> => {
      const answer = await forward(req, body);
      exchange.serverStatus = answer.status;
      return answer;
    };
    switch (fault?.kind) {
      case 'drop':
        req.socket.destroy();
        return;
      case 'answer':
        gatewayError(res, fault.status);
        return;
      case 'lose-answer': {
        await toServer();
        if (fault.status === undefined) req.socket.destroy();
        else gatewayError(res, fault.status);
        return;
      }
      case 'delay-request':
        await sleep(fault.ms);
        reply(res, await toServer());
        return;
      case 'delay-answer': {
        const answer = await toServer();
        await sleep(fault.ms);
        reply(res, answer);
        return;
      }
      default:
        reply(res, await toServer());
    }
  }

  const server = createServer((req, res) => {
    const work = handle(req, res).catch(() => {
      if (!res.headersSent) gatewayError(res, 502);
    });
    inFlight.add(work);
    void work.finally(() => inFlight.delete(work));
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    setRule(next) {
      rule = next;
    },
    log,
    async settled() {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
    close() {
      return new Promise((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      });
    },
  };
}
