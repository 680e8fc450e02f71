import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { cors } from 'hono/cors';
import { registerContentRoutes } from './api/content.ts';
import type { HostFlavor } from './api/context.ts';
import { answerErrorsIn } from './api/error-body.ts';
import {
  createDevFaults,
  type DevFaults,
  failWhenSwitched,
  registerFaultRoutes,
} from './api/faults.ts';
import { createHostApp } from './api/host-app.ts';
import { registerDevRoutes } from './api/routes-dev.ts';
import { generateDataset } from './dataset/generate.ts';
import type { Dataset } from './dataset/types.ts';

export interface DevCatalogOptions {
  /** Host-list port (default 8790); API hosts take the next ports. 0 = free ports for all. */
  port?: number;
  /** Same as `port` (kept for callers that name it so); wins when both are given. */
  hostListPort?: number;
  /** Number of API hosts (default 3). Host 0 emulates the newer (go) deployment, the rest the older. */
  hosts?: number;
  /** Enables `POST /dev/wallets` and the fault switch (`POST /dev/faults`). */
  dev?: boolean;
  /** Dataset seed (default 1): same seed, same catalog. */
  seed?: number;
  /** Number of generated users (default 300). */
  users?: number;
}

export interface DevCatalog {
  hostListUrl: string;
  hostUrls: string[];
  /** Which dialect each host speaks, in `hostUrls` order. */
  flavors: HostFlavor[];
  /** The live dataset (tests compare answers against it; dev attaches change it). */
  dataset: Dataset;
  close(): Promise<void>;
}

export async function startDevCatalog(options: DevCatalogOptions = {}): Promise<DevCatalog> {
  const port = options.hostListPort ?? options.port ?? 8790;
  const hostCount = Math.max(1, options.hosts ?? 3);
  const dev = options.dev ?? false;
  const dataset = generateDataset({ seed: options.seed ?? 1, users: options.users ?? 300 });

  const hostUrls: string[] = [];
  let hostListUrl = '';
  const contentBase = (): string => hostListUrl.replace(/\/$/, '');
  const servers: Server[] = [];
  const flavors: HostFlavor[] = [];
  const faults = createDevFaults();

  try {
    const listApp = createHostListApp(dataset, dev, () => hostUrls, faults);
    const listServer = await listen(listApp, port);
    servers.push(listServer);
    hostListUrl = `http://127.0.0.1:${(listServer.address() as AddressInfo).port}/`;

    for (let i = 0; i < hostCount; i++) {
      const flavor: HostFlavor = i === 0 ? 'go' : 'python';
      const app = createHostApp({
        data: dataset,
        flavor,
        contentBase,
        mirrors: () => hostUrls.filter((_, j) => j !== i),
        dev,
        fault: () => faults.hosts.get(i) ?? null,
      });
      const server = await listen(app, port === 0 ? 0 : port + 1 + i);
      servers.push(server);
      hostUrls.push(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
      flavors.push(flavor);
    }
  } catch (error) {
    await Promise.all(servers.map(closeServer));
    throw error;
  }

  return {
    hostListUrl,
    hostUrls: [...hostUrls],
    flavors,
    dataset,
    close: () => Promise.all(servers.map(closeServer)).then(() => undefined),
  };
}

function createHostListApp(
  dataset: Dataset,
  dev: boolean,
  hostUrls: () => string[],
  faults: DevFaults,
): Hono {
  const app = new Hono();
  if (dev)
    app.use(
      '*',
      failWhenSwitched(() => faults.hostList),
    );
  app.use('*', cors({ origin: '*', allowMethods: ['GET', 'POST', 'OPTIONS'] }));
  app.get('/', (c) => c.json({ data: hostUrls() }));
  registerContentRoutes(app);
  if (dev) {
    registerDevRoutes(app, dataset);
    registerFaultRoutes(app, faults, () => hostUrls().length);
  }
  answerErrorsIn(app, 'go');
  return app;
}

function listen(app: Hono, port: number): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = serve({ fetch: app.fetch, port, hostname: '127.0.0.1' }) as Server;
    server.once('listening', () => resolve(server));
    server.once('error', reject);
  });
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}
