import { DEFAULT_ID_TOKEN_LIFETIME_SECONDS } from '@encore-wallet/catalog';
import { keyHolderFromBuild } from './key-holder.ts';
import { rpcUrlsSchema, type Settings } from './schema.ts';
import { startChainId } from './start-chain.ts';

declare global {
  interface ImportMetaEnv {
    readonly WXT_BACKEND_URL?: string;
    readonly WXT_CATALOG_HOST_LIST_URL?: string;
    readonly WXT_APP_NAME?: string;
    /** JSON `{ "<chainId>": "<url>" }`: RPC URLs a build starts with (none by default). */
    readonly WXT_RPC_URLS?: string;
    /** JSON `{ "<chainId>": "<url>" }`: ERC-4337 bundler URLs a build starts with (none by default). */
    readonly WXT_BUNDLER_URLS?: string;
  }
}

// Baked in at build time, so `make start` and the browser tests build an extension that talks to
// their own local servers without anyone touching the settings page.
export function defaultSettings(): Settings {
  const env = import.meta.env;
  const rpcUrls = buildRpcUrls(env.WXT_RPC_URLS);
  return {
    backendUrl: stripSlash(env.WXT_BACKEND_URL || 'http://127.0.0.1:8787'),
    catalogHostListUrl: stripSlash(env.WXT_CATALOG_HOST_LIST_URL || 'https://api.audius.co'),
    appName: env.WXT_APP_NAME || 'encore',
    lockOnBrowserClose: false,
    chainId: startChainId(rpcUrls),
    idTokenLifetimeSeconds: DEFAULT_ID_TOKEN_LIFETIME_SECONDS,
    rpcUrls,
    addedChains: [],
    answerAsMetaMask: false,
    spendingLimits: {},
    valueThresholds: {},
    bundlerUrls: parseRpcUrls(env.WXT_BUNDLER_URLS),
    keyHolder: keyHolderFromBuild(env),
  };
}

/**
 * No chain gets an RPC URL unless the build or the person gives one: which node learns what a
 * person's sites read is their choice. A malformed build value is ignored entirely.
 */
function buildRpcUrls(json: string | undefined): Record<string, string> {
  // Settings are read on every request that needs them: parse the build's value once (keyed on
  // the text, which tests may change between reads), and hand out copies.
  if (json !== parsedBuildValue.json) {
    parsedBuildValue = { json, urls: parseRpcUrls(json) };
  }
  return { ...parsedBuildValue.urls };
}

let parsedBuildValue: { json: string | undefined; urls: Record<string, string> } = {
  json: undefined,
  urls: {},
};

function parseRpcUrls(json: string | undefined): Record<string, string> {
  if (!json) return {};
  try {
    const parsed = rpcUrlsSchema.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}

function stripSlash(url: string): string {
  return url.replace(/\/+$/, '');
}
