import { isLoopbackOrigin } from '@encore-wallet/utils/http';
import type { LocalService } from '../approvals/index.ts';

/** The origin of `url`, or null when it does not parse. */
function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/**
 * What the sponsor or paymaster a page named is (above), or null: anything else keeps the
 * local-network warning. Only for a page served from this computer (its origin as the browser
 * reports it) and a service whose origin is exactly that backend's or that page's: a page
 * served from anywhere else never gets these words, whatever URL it names (it cannot name a
 * service on this computer at all: the calls service refuses it before this is asked, and the
 * calm words do not rest on that alone).
 */
export function recognizeLocalService(
  serviceUrl: string,
  pageOrigin: string,
  backendUrl: string | null,
): LocalService | null {
  if (!isLoopbackOrigin(pageOrigin)) return null;
  const service = originOf(serviceUrl);
  if (service === null || !isLoopbackOrigin(service)) return null;
  if (backendUrl !== null && isLoopbackOrigin(backendUrl) && service === originOf(backendUrl)) {
    return 'development';
  }
  return service === originOf(pageOrigin) ? 'this-page' : null;
}
