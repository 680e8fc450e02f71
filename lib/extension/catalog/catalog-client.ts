import { type CatalogClient, createCatalogClient } from '@encore-wallet/catalog';
import { getSettings } from '../settings/index.ts';

/**
 * The worker's catalog client for the current settings. One client per (host list, app name): it
 * remembers the host it picked, so it is kept while those settings stay the same and replaced
 * when they change. Losing it with the worker costs one host-list fetch, nothing more.
 */
export function createCatalogClientSource(): () => Promise<CatalogClient> {
  let cached: { key: string; client: CatalogClient } | null = null;
  return async () => {
    const { catalogHostListUrl, appName } = await getSettings();
    const key = `${catalogHostListUrl}\n${appName}`;
    if (cached?.key !== key) {
      cached = { key, client: createCatalogClient({ hostListUrl: catalogHostListUrl, appName }) };
    }
    return cached.client;
  };
}
