import { z } from 'zod';
import { getWalletState, sendMessage } from '../../../lib/extension/client/index.ts';
import {
  createLibraryReader,
  DEFAULT_TRACK_SEARCH,
  type LibraryReader,
} from '../../../lib/library/index.ts';

/** `?user=<catalog id>`: another person's public library. Anything else in it is refused. */
const viewParamSchema = z
  .string()
  .regex(/^[A-Za-z0-9]{1,64}$/, 'A catalog user id is letters and digits');

export interface LibrarySetup {
  reader: LibraryReader;
  /** The wallet shown in the popup, or null when logged out. */
  address: string | null;
}

/**
 * Asks the worker who is logged in and where the catalog is (existing messages; no secret leaves
 * it), then reads the catalog from this page: catalog data is public, and reading it here lets a
 * tab's requests be cancelled the moment the tab is left.
 */
export async function setUpLibrary(viewed: string | null): Promise<LibrarySetup> {
  const [state, settings] = await Promise.all([getWalletState(), sendMessage('settings.get')]);
  const reader = createLibraryReader({
    hostListUrl: settings.catalogHostListUrl,
    appName: settings.appName,
  });
  const address = state.loggedIn ? state.address : null;
  startReading(reader, viewed, address);
  return { reader, address };
}

/**
 * Starts what the first screen shows (whose library, their profile, the first page of Tracks)
 * before the components that show it mount; they join these reads instead of asking again.
 */
function startReading(reader: LibraryReader, viewed: string | null, address: string | null): void {
  const page = new AbortController().signal; // the page's own reads: never cancelled
  const userId =
    viewed !== null
      ? Promise.resolve(viewed)
      : address !== null
        ? reader.userIdByWallet(address, page)
        : Promise.resolve(null);
  userId.then(
    (id) => {
      if (id === null) return;
      reader.user(id, page).catch(() => undefined);
      reader.readMore(id, 'tracks', DEFAULT_TRACK_SEARCH, page).catch(() => undefined);
    },
    () => undefined,
  );
}

/** The person in the address bar (`?user=`), or null for the wallet's own library. */
export function viewedUserFromUrl(search: string): string | null {
  const raw = new URLSearchParams(search).get('user');
  if (raw === null) return null;
  const parsed = viewParamSchema.safeParse(raw);
  return parsed.success ? parsed.data : null;
}
