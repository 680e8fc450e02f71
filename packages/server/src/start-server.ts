// Starts the backend on a port (0 = any free one) and returns its URL and a close function.
import { createServer } from 'node:http';
import { listen } from '@encore-wallet/utils/http';
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
  const server = createServer((request, response) => void listener(request, response));
  // Port taken or not allowed: the database is released before that is reported.
  const { url, port, close } = await listen(server, { port: options.port, host }, () =>
    backend.close(),
  );
  return { url, port, engine: backend.engine, close };
}
