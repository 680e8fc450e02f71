// Starts the key holder on a port (0 = any free one) and returns its URL and a close function.
import type { AddressInfo } from 'node:net';
import { type ServerType, serve } from '@hono/node-server';
import { createKeyHolder, type KeyHolderOptions } from './create-key-holder.ts';
import type { CounterEngine } from './store/counter-store.ts';

export interface StartKeyHolderOptions extends KeyHolderOptions {
  /** Default 0: the OS picks a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
}

export interface RunningKeyHolder {
  /** e.g. `http://127.0.0.1:41234` (no trailing slash). */
  url: string;
  port: number;
  engine: CounterEngine;
  close(): Promise<void>;
}

export async function startKeyHolder(options: StartKeyHolderOptions): Promise<RunningKeyHolder> {
  const holder = await createKeyHolder(options);
  const host = options.host ?? '127.0.0.1';
  const server = await new Promise<ServerType>((resolve, reject) => {
    const s = serve({ fetch: holder.fetch, port: options.port ?? 0, hostname: host }, () =>
      resolve(s),
    );
    s.once('error', reject);
  }).catch(async (error: unknown) => {
    await holder.close();
    throw error;
  });
  const { port } = server.address() as AddressInfo;
  const urlHost = host.includes(':') ? `[${host}]` : host === '0.0.0.0' ? '127.0.0.1' : host;
  let closing: Promise<void> | undefined;
  return {
    url: `http://${urlHost}:${port}`,
    port,
    engine: holder.engine,
    close() {
      closing ??= (async () => {
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          if ('closeAllConnections' in server) server.closeAllConnections();
        });
        await holder.close();
      })();
      return closing;
    },
  };
}
