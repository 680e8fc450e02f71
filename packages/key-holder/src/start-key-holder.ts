// Starts the key holder on a port (0 = any free one) and returns its URL and a close function.

import { listen } from '@encore-wallet/utils/http';
import { createAdaptorServer } from '@hono/node-server';
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
  const server = createAdaptorServer({ fetch: holder.fetch, hostname: host });
  // Port taken or not allowed: the counter store is released before that is reported.
  const { url, port, close } = await listen(server, { port: options.port, host }, () =>
    holder.close(),
  );
  return { url, port, engine: holder.engine, close };
}
