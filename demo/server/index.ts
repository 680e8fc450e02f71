// Programmatic start for `npm run demo`, `make start` and the browser tests.
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { createCatalogClient } from '../../lib/catalog/index.ts';
import { createDemoApp } from './app.ts';
import { NonceStore } from './nonces.ts';
import { siteAssets } from './site-assets.ts';

export interface DemoOptions {
  /** 0 picks a free port. */
  port: number;
  catalogHostListUrl: string;
  /** Default 127.0.0.1; the site is reachable as both 127.0.0.1 and localhost (two origins). */
  hostname?: string;
}

export interface DemoServer {
  /** http://127.0.0.1:PORT */
  url: string;
  /** The same server as http://localhost:PORT: a second origin for isolation checks. */
  localhostUrl: string;
  port: number;
  close(): Promise<void>;
}

export async function startDemo(options: DemoOptions): Promise<DemoServer> {
  // Known once the server listens (port 0 picks one); the app reads them per request.
  let origins: string[] = [];
  const app = createDemoApp({
    catalog: createCatalogClient({
      hostListUrl: options.catalogHostListUrl,
      appName: 'encore-demo',
    }),
    nonces: new NonceStore(),
    assets: siteAssets(),
    origins: () => origins,
  });
  const hostname = options.hostname ?? '127.0.0.1';
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch: app.fetch, port: options.port, hostname }, () => resolve(s));
  });
  const { port } = server.address() as AddressInfo;
  origins = [`http://127.0.0.1:${port}`, `http://localhost:${port}`];
  return {
    url: `http://127.0.0.1:${port}`,
    localhostUrl: `http://localhost:${port}`,
    port,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
