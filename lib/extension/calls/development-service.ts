import { isLoopbackOrigin } from '@encore-wallet/utils/http';

/** The origin of `url`, or null when it does not parse. */
function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/**
 * Whether the sponsor or paymaster a page named is the development one this computer runs: the
 * very backend Encore signs in with (the settings' backend URL, as `make start` builds it), when
 * that backend is on this computer, named by a page served from this computer. The window then
 * says what the service is instead of warning about it. A page served from anywhere else never
 * gets that answer, whatever URL it names (it cannot name a service on this computer at all: the
 * calls service refuses it before this is asked, and the calm words do not rest on that alone).
 */
export function isDevelopmentService(
  serviceUrl: string,
  pageOrigin: string,
  backendUrl: string,
): boolean {
  if (!isLoopbackOrigin(pageOrigin) || !isLoopbackOrigin(backendUrl)) return false;
  const service = originOf(serviceUrl);
  return service !== null && service === originOf(backendUrl);
}
