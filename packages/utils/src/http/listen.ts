// A Node HTTP server put on a port (0 = any free one), with its URL and one close() that also
// releases what the server stands on (a database, a counter store). The backend and the key
// holder start this way. Only types of Node's server are named here, so pages that import this
// subpath for its fetch helpers load nothing of Node.

/** What `listen` needs of a server: `node:http`'s, or the one `@hono/node-server` creates. */
export interface ListenableServer {
  listen(port: number, host: string, onListening: () => void): unknown;
  once(event: 'error', listener: (error: Error) => void): unknown;
  address(): { port: number } | string | null;
  close(onClosed: () => void): unknown;
  /** HTTP/1 servers have it; keep-alive connections would hold close() open until they time out. */
  closeAllConnections?(): void;
}

export interface ListenOptions {
  /** Default 0: the OS picks a free port. */
  port?: number | undefined;
  /** The interface to listen on, e.g. 127.0.0.1, ::1 or 0.0.0.0. */
  host: string;
}

export interface Listening {
  /** e.g. `http://127.0.0.1:41234` (no trailing slash); 0.0.0.0 is reached at 127.0.0.1. */
  url: string;
  port: number;
  /** Stops listening, ends open connections, then releases; the same promise on every call. */
  close(): Promise<void>;
}

/** Listens; if that fails (port taken or not allowed), releases first and then throws. */
export async function listen(
  server: ListenableServer,
  options: ListenOptions,
  release: () => Promise<void>,
): Promise<Listening> {
  const { host } = options;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  }).catch(async (error: unknown) => {
    await release();
    throw error;
  });
  const { port } = server.address() as { port: number };
  const urlHost = host.includes(':') ? `[${host}]` : host === '0.0.0.0' ? '127.0.0.1' : host;
  let closing: Promise<void> | undefined;
  return {
    url: `http://${urlHost}:${port}`,
    port,
    close() {
      closing ??= (async () => {
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections?.();
        });
        await release();
      })();
      return closing;
    },
  };
}
