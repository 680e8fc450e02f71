import { CatalogError } from '../errors.ts';
import { type FetchFn, getJson } from './http.ts';

function stripTrailingSlashes(url: string): string {
  return url.replace(/\/+$/, '');
}

/**
 * Reads the host list `{data: [urls]}`. Newer deployments answer this URL with a status object
 * instead; then the URL itself is the API host.
 */
export async function loadHosts(
  fetchFn: FetchFn,
  hostListUrl: string,
  timeoutMs: number,
): Promise<string[]> {
  const self = stripTrailingSlashes(hostListUrl);
  let answer: Awaited<ReturnType<typeof getJson>>;
  try {
    answer = await getJson(fetchFn, hostListUrl, timeoutMs, { host: self, path: '/' });
  } catch (cause) {
    throw new CatalogError('CATALOG_NO_HOST', `Cannot load the host list from ${hostListUrl}`, {
      host: self,
      path: '/',
      cause,
    });
  }
  if (answer.status >= 500) {
    throw new CatalogError(
      'CATALOG_NO_HOST',
      `Host list ${hostListUrl} answered ${answer.status}`,
      {
        status: answer.status,
        host: self,
        path: '/',
      },
    );
  }
  const hosts = hostsIn(answer.body);
  return hosts.length > 0 ? hosts : [self];
}

function hostsIn(body: unknown): string[] {
  if (typeof body !== 'object' || body === null) return [];
  const data = (body as { data?: unknown }).data;
  if (!Array.isArray(data)) return [];
  const urls = data.filter((u): u is string => typeof u === 'string' && /^https?:\/\//.test(u));
  return [...new Set(urls.map(stripTrailingSlashes))];
}
