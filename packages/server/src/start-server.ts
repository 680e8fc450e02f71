// Starts the backend on a port (0 = any free one) and returns its URL and a close function.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type BackendOptions, createBackend } from './create-backend.ts';
import type { EngineName } from './store/store.ts';

export interface StartServerOptions extends BackendOptions {
  /** Default 0: the OS picks a free port. */
  port?: number;
  /** Default 127.0.0.1. Use 0.0.0.0 behind a load balancer. */
  host?: string;
}

export interface RunningServer {
  /** e.g. `http://127.0.0.1:41234` (no trailing slash). */
  url: string;
  port: number;
  engine: EngineName;
  close(): Promise<void>;
}

export async function startServer(options: StartServerOptions = {}): Promise<RunningServer> {
  const backend = await createBackend(options);
  const host = options.host ?? '127.0.0.1';
  // A process that is only this server: the adapter's lighter Request and Response are fine.
  const listener = backend.listenerFor({ hostname: host });
  const server = await new Promise<Server>((resolve, reject) => {
    const s = createServer((request, response) => void listener(request, response));
    s.once('error', reject);
    s.listen(options.port ?? 0, host, () => resolve(s));
  }).catch(async (error: unknown) => {
    // Port taken or not allowed: release the database before reporting it.
    await backend.close();
    throw error;
  });

  const { port } = server.address() as AddressInfo;
  const urlHost = host.includes(':') ? `[${host}]` : host === '0.0.0.0' ? '127.0.0.1' : host;
  let closing: Promise<void> | undefined;
  return {
    url: `http://${urlHost}:${port}`,
    port,
    engine: backend.engine,
    close() {
      closing ??= (async () => {
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          // Keep-alive connections would hold close() open until they time out.
          server.closeAllConnections();
        });
        await backend.close();
      })();
      return closing;
    },
  };
}
