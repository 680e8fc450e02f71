// Programmatic start for `npm run demo`, `make start` and the browser tests.
import type { AddressInfo } from 'node:net';
import { createCatalogClient } from '@encore-wallet/catalog';
import { serve } from '@hono/node-server';
import { getConnInfo } from '@hono/node-server/conninfo';
import { createDemoApp } from './app.ts';
import { NonceStore } from './nonces.ts';
import type { RelayConfig } from './relay/config.ts';
import { connectFavoritesChain } from './relay/favorites-chain.ts';
import { createRelayer } from './relay/relayer.ts';
import { siteAssets } from './site-assets.ts';
import type { SiteSponsorConfig } from './sponsor/config.ts';
import { readChainId } from './sponsor/read-chain-id.ts';
import type { SupportConfig } from './support/config.ts';
import { connectSupportChain } from './support/support-chain.ts';
import { createSupporters } from './support/supporters.ts';

export interface DemoOptions {
  /** 0 picks a free port. */
  port: number;
  catalogHostListUrl: string;
  /** Default 127.0.0.1; the site is reachable as both 127.0.0.1 and localhost (two origins). */
  hostname?: string;
  /** The relayer's chain, key, contract and budgets; without it favorites are refused (503). */
  relay?: RelayConfig | null;
  /** The sponsor the site names in wallet_sendCalls; without it sponsored calls answer 503. */
  sponsor?: SiteSponsorConfig | null;
  /** The session account and framework of "Support the artist"; without it its routes answer 503. */
  support?: SupportConfig | null;
}

export interface DemoServer {
  /** http://127.0.0.1:PORT */
  url: string;
  /** The same server as http://localhost:PORT: a second origin for isolation checks. */
  localhostUrl: string;
  port: number;
  /** The relayer's account (pays the fees), when a relayer runs. */
  relayerAddress: string | null;
  /** The session account that redeems "Support the artist" permissions, when configured. */
  supportRedeemer: string | null;
  close(): Promise<void>;
}

export async function startDemo(options: DemoOptions): Promise<DemoServer> {
  // Known once the server listens (port 0 picks one); the app reads them per request.
  let origins: string[] = [];
  const catalog = createCatalogClient({
    hostListUrl: options.catalogHostListUrl,
    appName: 'encore-demo',
  });
  // Checked before listening: a wrong contract address stops the start with the reason.
  const chain = options.relay ? await connectFavoritesChain(options.relay) : null;
  const relayer =
    options.relay && chain ? createRelayer({ config: options.relay, chain, catalog }) : null;
  const sponsor = options.sponsor
    ? { config: options.sponsor, chainId: await readChainId(options.sponsor.rpcUrl) }
    : null;
  const supportChain = options.support ? await connectSupportChain(options.support) : null;
  const supporters =
    options.support && supportChain ? createSupporters(options.support, supportChain) : null;
  const app = createDemoApp({
    sponsor,
    supporters,
    catalog,
    nonces: new NonceStore(),
    assets: siteAssets(),
    origins: () => origins,
    relayer,
    clientAddress: (c) => getConnInfo(c).remote.address ?? 'unknown',
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
    relayerAddress: chain?.relayerAddress ?? null,
    supportRedeemer: supportChain?.redeemer ?? null,
    close: () =>
      new Promise<void>((resolve, reject) => {
        chain?.close();
        supportChain?.close();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
