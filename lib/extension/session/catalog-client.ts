import { type CatalogClient, createCatalogClient } from '../../catalog/index.ts';
import { getSettings } from '../settings/index.ts';

// One client per (host list, app name): it remembers the host it picked, so keep it while the
// settings stay the same and start over when they change. Losing it with the worker costs one
// host-list fetch, nothing more.
let cached: { key: string; client: CatalogClient } | null = null;

export async function getCatalogClient(): Promise<CatalogClient> {
  const { catalogHostListUrl, appName } = await getSettings();
  const key = `${catalogHostListUrl}\n${appName}`;
  if (cached?.key !== key) {
    cached = { key, client: createCatalogClient({ hostListUrl: catalogHostListUrl, appName }) };
  }
  return cached.client;
}
