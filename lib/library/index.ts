// The listener's library: every list the catalog keeps about a user, read a page at a time for
// the library page (plain TypeScript over @encore-wallet/catalog; no extension APIs, tested in Node).
export { CANCELLED_STATUS, cancellableFetch, sharedHostList } from './cancellable-fetch.ts';
export { LibraryCancelledError, type LibraryErrorCode } from './errors.ts';
export {
  type LibraryItem,
  playlistItem,
  supporterItem,
  trackItem,
  userItem,
} from './items.ts';
export {
  createLibraryReader,
  type LibraryReader,
  type LibraryReaderOptions,
  type ListSoFar,
  PAGE_SIZE,
} from './library-reader.ts';
export { PUBLIC_SITE_URL, publicLinkOf } from './public-site.ts';
export {
  createSessionCache,
  DEFAULT_FRESH_FOR_MS,
  type SessionCache,
  type SessionCacheOptions,
} from './session-cache.ts';
export {
  DEFAULT_TRACK_SEARCH,
  LIBRARY_TABS,
  type LibraryPage,
  type LibraryTab,
  loadTabPage,
  type TrackSearch,
} from './tabs.ts';
