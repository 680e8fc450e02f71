import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseAllowedCall, startServer } from '@encore-wallet/server';
import {
  deployDemoContracts,
  deploySponsoredCalls,
  LOCAL_FUNDED_KEY,
  LOCAL_RELAYER_KEY,
  LOCAL_SESSION_KEY,
  LOCAL_SPONSOR_KEY,
  startLocalChain,
} from '../../../chain/index.ts';
import { startDemo } from '../../../demo/server/index.ts';
import { relayConfigFromEnv } from '../../../demo/server/relay/config.ts';
import { startDevCatalog } from '../../../dev-catalog/index.ts';
import { freePort } from '../../support/free-port.ts';
import { NO_RATE_LIMIT } from '../../support/no-rate-limit.ts';
import { buildExtension } from './build-extension.ts';
import { type E2EEnv, exportEnv } from './env.ts';

/**
 * Starts the real backend (temp SQLite) and the dev catalog (dev mode) on free 127.0.0.1 ports,
 * builds the extension once against them, and hands the URLs to the workers. Returns the teardown.
 * Other services (the demo site) start here too and go in `services`.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const { env, teardown } = await startE2EServices();
  exportEnv(env);
  return teardown;
}

/**
 * The servers and builds behind globalSetup, for other runners too (the Firefox suite): with
 * `firefox`, the Firefox build is made as well, against the same servers.
 */
export async function startE2EServices(
  options: { firefox?: boolean } = {},
): Promise<{ env: E2EEnv; teardown: () => Promise<void> }> {
  const dataDir = await mkdtemp(join(tmpdir(), 'encore-e2e-'));
  const closers: (() => Promise<void>)[] = [];
  const teardown = async (): Promise<void> => {
    for (const close of closers.reverse()) await close().catch(() => undefined);
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    // The local chain with the demo contracts (the demo's relayer submits favorites to it) and
    // sponsored calls' contracts (the backend's sponsor pays for FanActions calls).
    const chain = await startLocalChain({ port: await freePort() });
    closers.push(() => chain.stop());
    const contracts = await deployDemoContracts(chain.url, LOCAL_FUNDED_KEY);
    const sponsored = await deploySponsoredCalls(chain.url, LOCAL_FUNDED_KEY);
    const backend = await startServer({
      port: 0,
      databaseUrl: `sqlite:${join(dataDir, 'backend.sqlite')}`,
      // Either browser's extension pages: the suites sign up in one and log in from the other.
      corsOrigins: ['chrome-extension://*', 'moz-extension://*'],
      // Tests sign up and log in many times from one address; the limiter has its own tests.
      rateLimit: NO_RATE_LIMIT,
      sponsor: {
        rpcUrl: chain.url,
        privateKey: LOCAL_SPONSOR_KEY,
        entryPoint: sponsored.entryPoint,
        delegate: sponsored.delegate,
        allowedCalls: [
          parseAllowedCall(`${sponsored.fanActions}:favorite(string)`),
          parseAllowedCall(`${sponsored.fanActions}:follow(string)`),
        ],
        perListenerPerDay: 100,
        perClientPerDay: 1000,
        perDay: 10_000,
        maxGas: 500_000n,
        maxFeePerGas: 100_000_000_000n,
        maxCalls: 4,
        maxDeadlineSeconds: 3600,
      },
    });
    closers.push(() => backend.close());
    const catalog = await startDevCatalog({ port: 0, hosts: 2, dev: true, seed: 1, users: 60 });
    closers.push(() => catalog.close());
    const demo = await startDemo({
      port: 0,
      catalogHostListUrl: catalog.hostListUrl,
      relay: relayConfigFromEnv({
        CHAIN_RPC_URL: chain.url,
        RELAYER_KEY: LOCAL_RELAYER_KEY,
        FAVORITES_ADDRESS: contracts.favorites,
      }),
      // The site pays for FanActions calls through the backend's sponsor, as under `make start`.
      sponsor: {
        upstreamUrl: `${backend.url}/sponsor`,
        fanActionsAddress: sponsored.fanActions,
        rpcUrl: chain.url,
        publicRpcUrl: chain.url,
      },
      // "Support the artist": the site's session account redeems monthly permissions, as under
      // `make start`.
      support: {
        rpcUrl: chain.url,
        sessionKey: LOCAL_SESSION_KEY,
        delegationManager: sponsored.delegationFramework.delegationManager,
        nativeTokenPeriodTransferEnforcer:
          sponsored.delegationFramework.caveatEnforcers.NativeTokenPeriodTransferEnforcer,
        timestampEnforcer: sponsored.delegationFramework.caveatEnforcers.TimestampEnforcer,
      },
    });
    closers.push(() => demo.close());

    const root = resolve(import.meta.dirname, '..', '..', '..');
    const outDir = join(root, '.output', `e2e-${process.pid}`);
    closers.push(() => rm(outDir, { recursive: true, force: true }));
    const extensionBuildEnv = {
      WXT_BACKEND_URL: backend.url,
      WXT_CATALOG_HOST_LIST_URL: catalog.hostListUrl,
      WXT_APP_NAME: 'encore-e2e',
      // The derivation hold (lib/extension/background/test-hooks.ts); never in a release build.
      WXT_TEST_HOOKS: '1',
      // Encore's own delegate on the test chain, as `make start` passes it.
      WXT_DELEGATES: JSON.stringify({
        [chain.chainId]: {
          address: sponsored.delegate,
          codeHash: sponsored.delegateCodeHash,
          entryPoint: sponsored.entryPoint,
          delegationManager: sponsored.delegationFramework.delegationManager,
          caveatEnforcers: sponsored.delegationFramework.caveatEnforcers,
        },
      }),
    };
    const extensionDir = await buildExtension({ outDir, env: extensionBuildEnv });
    const firefoxExtensionDir = options.firefox
      ? await buildExtension({ outDir, env: extensionBuildEnv, browser: 'firefox' })
      : undefined;
    const env: E2EEnv = {
      extensionDir,
      ...(firefoxExtensionDir ? { firefoxExtensionDir } : {}),
      extensionBuildEnv,
      backendUrl: backend.url,
      catalogHostListUrl: catalog.hostListUrl,
      catalogHostUrls: catalog.hostUrls,
      catalogUsers: catalog.dataset.users.slice(0, 10).map((user) => ({
        id: user.id,
        handle: user.handle,
        name: user.name,
        isVerified: user.isVerified,
      })),
      // The demo music site, reachable as two origins (127.0.0.1 and localhost).
      services: {
        demo: demo.url,
        demoLocalhost: demo.localhostUrl,
        chain: chain.url,
        favorites: contracts.favorites,
        // The demo ERC-20 ("ENC"): its whole supply belongs to LOCAL_FUNDED_KEY's account.
        token: contracts.token,
        fanActions: sponsored.fanActions,
        sponsor: `${backend.url}/sponsor`,
        relayer: demo.relayerAddress ?? '',
        supportRedeemer: demo.supportRedeemer ?? '',
      },
    };
    return { env, teardown };
  } catch (error) {
    await teardown();
    throw error;
  }
}
