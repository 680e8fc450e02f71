import {
  type CatalogClient,
  createCatalogClient,
  type Favorite,
  type FetchFn,
  type User,
} from '@encore-wallet/catalog';
import { cancellableFetch, sharedHostList } from './cancellable-fetch.ts';
import { LibraryCancelledError, throwIfCancelled } from './errors.ts';
import { type LibraryItem, trackItem, userItem } from './items.ts';
import { createSessionCache, type SessionCacheOptions } from './session-cache.ts';
import { type LibraryPage, type LibraryTab, loadTabPage, type TrackSearch } from './tabs.ts';

export const PAGE_SIZE = 20;
const RELATED_LIMIT = 10;
const SEARCH_LIMIT = 10;
const TIMEOUT_MS = 4000;

/** A list as far as it was read: what a tab shows when a person comes back to it. */
export interface ListSoFar {
  items: LibraryItem[];
  done: boolean;
  /** Where the next page starts (Favorites may show fewer items than entries read). */
  nextOffset: number;
}

export interface LibraryReaderOptions {
  hostListUrl: string;
  appName: string;
  fetch?: FetchFn;
  cache?: SessionCacheOptions;
  /** The page's one host draw (tests pin it); defaults to Math.random. */
  random?: () => number;
}

/**
 * The library page's access to the catalog: a client per visit (so leaving a tab cancels exactly
 * that tab's requests), one host list and one host choice for the whole page, and a session cache
 * of everything read. Catalog data is public; nothing here needs the wallet's secrets.
 */
export interface LibraryReader {
  userIdByWallet(address: string, signal: AbortSignal): Promise<string | null>;
  user(id: string, signal: AbortSignal): Promise<User>;
  related(id: string, signal: AbortSignal): Promise<LibraryItem[]>;
  searchUsers(query: string, signal: AbortSignal): Promise<LibraryItem[]>;
  playlistTracks(id: string, signal: AbortSignal): Promise<LibraryItem[]>;
  /**
   * How many favorites the user has: the catalog states no count on the user, but sends the
   * favorites whole (unpaged), so their number is the count; the Favorites tab reads the same list.
   */
  favoriteCount(id: string, signal: AbortSignal): Promise<number>;
  /** The part of a tab's list already read in this session (fresh only). */
  listSoFar(userId: string, tab: LibraryTab, search: TrackSearch): ListSoFar | undefined;
  /**
   * Reads the page after `listSoFar` and returns the longer list (also saved). `shown` is the list
   * the tab shows now: a person still scrolling a list older than the freshness window goes on
   * from where they are instead of starting over.
   */
  readMore(
    userId: string,
    tab: LibraryTab,
    search: TrackSearch,
    signal: AbortSignal,
    shown?: ListSoFar,
  ): Promise<ListSoFar>;
}

export function createLibraryReader(options: LibraryReaderOptions): LibraryReader {
  const base = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const shared = sharedHostList(base, options.hostListUrl, TIMEOUT_MS);
  // One draw for the page: every visit's client picks the same healthy host.
  const draw = (options.random ?? Math.random)();
  const clientFor = (signal: AbortSignal): CatalogClient =>
    createCatalogClient({
      hostListUrl: options.hostListUrl,
      appName: options.appName,
      fetch: cancellableFetch(shared, signal),
      timeoutMs: TIMEOUT_MS,
      random: () => draw,
    });
  const lists = createSessionCache<ListSoFar>(options.cache);
  const values = createSessionCache<unknown>(options.cache);
  const inFlight = new Map<string, { promise: Promise<unknown>; signal: AbortSignal }>();

  /**
   * One request for one thing at a time: a second asker (the page's early start, then the tab
   * that shows it) waits for the first one's answer instead of asking again.
   */
  async function once<T>(key: string, signal: AbortSignal, load: () => Promise<T>): Promise<T> {
    const running = inFlight.get(key);
    if (running && !running.signal.aborted) {
      try {
        return await untilCancelled(signal, running.promise as Promise<T>);
      } catch (error) {
        // The first asker left; this one still wants the answer, so it asks itself.
        if (!(error instanceof LibraryCancelledError) || signal.aborted) throw error;
      }
    }
    const promise = cancellable(signal, load);
    inFlight.set(key, { promise, signal });
    const forget = (): void => {
      if (inFlight.get(key)?.promise === promise) inFlight.delete(key);
    };
    promise.then(forget, forget);
    return promise;
  }

  async function cached<T>(key: string, signal: AbortSignal, load: () => Promise<T>): Promise<T> {
    const hit = values.get(key);
    if (hit !== undefined) return hit as T;
    const value = await once(key, signal, load);
    values.set(key, value);
    return value;
  }

  const favoritesOf = (userId: string, signal: AbortSignal, client: CatalogClient) =>
    cached<Favorite[]>(`favorites:${userId}`, signal, () => client.getFavorites(userId));

  const listKey = (userId: string, tab: LibraryTab, search: TrackSearch): string =>
    JSON.stringify([userId, tab, tab === 'tracks' ? search : {}]);

  return {
    userIdByWallet: (address, signal) =>
      cached(`wallet:${address.toLowerCase()}`, signal, () =>
        clientFor(signal).getUserIdByWallet(address),
      ),
    user: (id, signal) => cached(`user:${id}`, signal, () => clientFor(signal).getUser(id)),
    related: (id, signal) =>
      cached(`related:${id}`, signal, async () =>
        (await clientFor(signal).getRelatedUsers(id, { limit: RELATED_LIMIT })).map(userItem),
      ),
    searchUsers: (query, signal) =>
      cached(`search:${query}`, signal, async () =>
        (await clientFor(signal).searchUsers(query, { limit: SEARCH_LIMIT })).map(userItem),
      ),
    playlistTracks: (id, signal) =>
      cached(`playlist:${id}`, signal, async () =>
        (await clientFor(signal).getPlaylistTracks(id)).map(trackItem),
      ),
    favoriteCount: async (id, signal) => (await favoritesOf(id, signal, clientFor(signal))).length,
    listSoFar: (userId, tab, search) => lists.get(listKey(userId, tab, search)),
    async readMore(userId, tab, search, signal, shown) {
      const key = listKey(userId, tab, search);
      const before = lists.get(key) ?? shown ?? { items: [], done: false, nextOffset: 0 };
      if (before.done) return before;
      const client = clientFor(signal);
      const context = { client, favorites: () => favoritesOf(userId, signal, client) };
      return once(`${key}@${before.nextOffset}`, signal, async () => {
        const page: LibraryPage = await loadTabPage(
          context,
          userId,
          tab,
          { offset: before.nextOffset, limit: PAGE_SIZE },
          search,
        );
        throwIfCancelled(signal);
        const after: ListSoFar = {
          items: [...before.items, ...page.items],
          done: page.done,
          nextOffset: before.nextOffset + PAGE_SIZE,
        };
        lists.set(key, after, { keepAge: before.nextOffset > 0 });
        return after;
      });
    },
  };
}

/** `promise`, unless `signal` fires first (then a cancel at once). */
function untilCancelled<T>(signal: AbortSignal, promise: Promise<T>): Promise<T> {
  throwIfCancelled(signal);
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(new LibraryCancelledError());
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/** Runs `load`; once `signal` has fired, whatever it answers or throws is a cancel. */
async function cancellable<T>(signal: AbortSignal, load: () => Promise<T>): Promise<T> {
  try {
    const value = await load();
    throwIfCancelled(signal);
    return value;
  } catch (error) {
    throwIfCancelled(signal);
    throw error;
  }
}
