// The library page's reader against the dev catalog: whole lists page by page with the counts the
// catalog states, the session cache, cancels that never count against a host, and a dead host.

import { createServer } from 'node:http';
import { CatalogError, type FetchFn, resetHostMemory } from '@encore-wallet/catalog';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DevCatalog, type HostFlavor, startDevCatalog } from '../../../dev-catalog/index.ts';
import {
  createLibraryReader,
  LibraryCancelledError,
  type LibraryReader,
  type LibraryTab,
  PAGE_SIZE,
} from '../../../lib/library/index.ts';
import { refusingUrl, serveLocally } from '../catalog/support.ts';

let catalog: DevCatalog;

beforeAll(async () => {
  catalog = await startDevCatalog({ port: 0, hosts: 2, seed: 1, users: 60 });
});
afterAll(async () => {
  await catalog?.close();
});

function recording(): { fetch: FetchFn; urls: string[] } {
  const urls: string[] = [];
  return {
    urls,
    fetch: (input, init) => {
      urls.push(input);
      return globalThis.fetch(input, init);
    },
  };
}

async function readAll(
  reader: LibraryReader,
  userId: string,
  tab: LibraryTab,
): Promise<{ ids: string[]; pages: number }> {
  const signal = new AbortController().signal;
  let pages = 0;
  for (;;) {
    const list = await reader.readMore(userId, tab, {}, signal);
    pages++;
    if (list.done) return { ids: list.items.map((i) => i.id), pages };
    if (pages > 50) throw new Error('never ends');
  }
}

describe.each(['go', 'python'] as HostFlavor[])('on a %s host', (flavor) => {
  const host = (): string => catalog.hostUrls[catalog.flavors.indexOf(flavor)]!;
  const star = (): DevCatalog['dataset']['users'][number] => catalog.dataset.users[0]!;

  it('followers and following page to the end, matching the counts the catalog states', async () => {
    const { fetch, urls } = recording();
    const reader = createLibraryReader({ hostListUrl: host(), appName: 'test', fetch });
    const signal = new AbortController().signal;
    const user = await reader.user(star().id, signal);
    for (const [tab, count] of [
      ['followers', user.follower_count],
      ['following', user.followee_count],
    ] as const) {
      const before = urls.length;
      const { ids, pages } = await readAll(reader, star().id, tab);
      expect(ids).toHaveLength(count);
      expect(new Set(ids).size).toBe(count);
      // One request per page read.
      expect(urls.length - before).toBe(pages);
      expect(pages).toBe(Math.floor(count / PAGE_SIZE) + 1);
    }
  });

  it('favorites resolve in bulk, in the order they were favorited', async () => {
    const reader = createLibraryReader({ hostListUrl: host(), appName: 'test' });
    const { ids } = await readAll(reader, star().id, 'favorites');
    const expected = catalog.dataset.favorites
      .get(star().id)!
      .filter((f) => f.kind === 'playlist' || !catalog.dataset.tracksById.get(f.itemId)!.unlisted)
      .map((f) => f.itemId);
    expect(ids).toEqual(expected);
  });

  it('the favorites count is the number of favorites, from the list the tab reads (one request)', async () => {
    const { fetch, urls } = recording();
    const reader = createLibraryReader({ hostListUrl: host(), appName: 'test', fetch });
    const signal = new AbortController().signal;
    const count = await reader.favoriteCount(star().id, signal);
    expect(count).toBe(catalog.dataset.favorites.get(star().id)!.length);
    expect(count).toBeGreaterThan(0);
    await readAll(reader, star().id, 'favorites');
    expect(urls.filter((url) => new URL(url).pathname.endsWith('/favorites'))).toHaveLength(1);
  });

  it('the Tracks tab searches with the catalog query and sort options', async () => {
    const reader = createLibraryReader({ hostListUrl: host(), appName: 'test' });
    const signal = new AbortController().signal;
    const all = await reader.readMore(star().id, 'tracks', { sort_method: 'title' }, signal);
    const titles = all.items.map((i) => i.title.toLowerCase());
    expect(titles).toEqual([...titles].sort());
    const word = all.items[0]!.title.split(' ')[0]!;
    const found = await reader.readMore(star().id, 'tracks', { query: word }, signal);
    expect(found.items.length).toBeGreaterThan(0);
    expect(found.items.every((i) => i.title.includes(word))).toBe(true);
  });

  it('playlists: listed on newer hosts, a plain 404 on older ones', async () => {
    const reader = createLibraryReader({ hostListUrl: host(), appName: 'test' });
    const signal = new AbortController().signal;
    const read = reader.readMore(star().id, 'playlists', {}, signal);
    if (flavor === 'python') {
      await expect(read).rejects.toMatchObject({ code: 'CATALOG_HTTP_ERROR', status: 404 });
    } else {
      const list = await read;
      expect(list.items.map((i) => i.id).sort()).toEqual(
        catalog.dataset.playlistsByOwner
          .get(star().id)!
          .map((p) => p.id)
          .sort(),
      );
    }
  });
});

describe('the session cache and cancels', () => {
  it('a tab read again within the freshness window costs no request', async () => {
    const { fetch, urls } = recording();
    const reader = createLibraryReader({ hostListUrl: catalog.hostListUrl, appName: 't', fetch });
    const id = catalog.dataset.users[0]!.id;
    await reader.readMore(id, 'followers', {}, new AbortController().signal);
    const before = urls.length;
    expect(reader.listSoFar(id, 'followers', {})?.items).toHaveLength(PAGE_SIZE);
    await reader.user(id, new AbortController().signal);
    await reader.user(id, new AbortController().signal);
    expect(urls.length).toBe(before + 1);
  });

  it('two askers of one page share one request; a joiner outlives the first asker leaving', async () => {
    const { fetch, urls } = recording();
    const reader = createLibraryReader({ hostListUrl: catalog.hostListUrl, appName: 't', fetch });
    const id = catalog.dataset.users[0]!.id;
    const early = new AbortController();
    const first = reader.readMore(id, 'following', {}, early.signal);
    const second = reader.readMore(id, 'following', {}, new AbortController().signal);
    early.abort();
    await expect(first).rejects.toBeInstanceOf(LibraryCancelledError);
    const following = catalog.dataset.following.get(id)!.length;
    expect((await second).items).toHaveLength(Math.min(PAGE_SIZE, following));

    const before = urls.filter((u) => u.includes('/followers')).length;
    const [a, b] = await Promise.all([
      reader.readMore(id, 'followers', {}, new AbortController().signal),
      reader.readMore(id, 'followers', {}, new AbortController().signal),
    ]);
    expect(a).toBe(b);
    expect(urls.filter((u) => u.includes('/followers')).length - before).toBe(1);
  });

  it('past the freshness window a tab is read again from the start, unless it is being scrolled', async () => {
    let now = 0;
    const { fetch, urls } = recording();
    const reader = createLibraryReader({
      hostListUrl: catalog.hostListUrl,
      appName: 't',
      fetch,
      cache: { freshForMs: 1000, now: () => now },
    });
    const id = catalog.dataset.users[0]!.id;
    const signal = new AbortController().signal;
    const first = await reader.readMore(id, 'followers', {}, signal);
    now = 1000;
    // Coming back: nothing fresh to show, the next read starts over.
    expect(reader.listSoFar(id, 'followers', {})).toBeUndefined();
    // Still on the tab, scrolling: it goes on from the list on screen.
    const longer = await reader.readMore(id, 'followers', {}, signal, first);
    expect(longer.items.slice(0, PAGE_SIZE)).toEqual(first.items);
    expect(longer.items.length).toBeGreaterThan(PAGE_SIZE);
    const offsets = urls
      .filter((u) => u.includes('/followers'))
      .map((u) => new URL(u).searchParams.get('offset'));
    expect(offsets).toEqual(['0', String(PAGE_SIZE)]);
  });

  it('leaving a tab cancels its request, and the host is not held to blame', async () => {
    resetHostMemory();
    const id = catalog.dataset.users[0]!.id;
    let slow = true;
    const urls: string[] = [];
    const leave = new AbortController();
    // The person leaves while the followers request is on its way (the host answers slowly).
    const delayed: FetchFn = async (input, init) => {
      urls.push(input);
      if (slow && input.includes('/followers')) {
        setTimeout(() => leave.abort(), 20);
        await new Promise((r) => setTimeout(r, 300));
      }
      return globalThis.fetch(input, init);
    };
    const reader = createLibraryReader({
      hostListUrl: catalog.hostListUrl,
      appName: 't',
      fetch: delayed,
      random: () => 0,
    });
    const read = reader.readMore(id, 'followers', {}, leave.signal);
    await expect(read).rejects.toBeInstanceOf(LibraryCancelledError);
    slow = false;
    const hostOf = (url: string): string => new URL(url).origin;
    const first = urls.filter((u) => u.includes('/followers')).map(hostOf);
    await reader.readMore(id, 'following', {}, new AbortController().signal);
    const next = urls.filter((u) => u.includes('/following')).map(hostOf);
    // No retry on another host for the cancelled read, and the next read stays on the same host.
    expect(first).toHaveLength(1);
    expect(next).toEqual(first);
    expect(reader.listSoFar(id, 'followers', {})).toBeUndefined();
  });

  it('a dead host among the list: the library reads from another one', async () => {
    resetHostMemory();
    const dead = await refusingUrl();
    const list = await serveLocally(
      createServer((_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ data: [dead, catalog.hostUrls[0]] }));
      }),
    );
    try {
      const { fetch, urls } = recording();
      // The draw picks the dead host first.
      const reader = createLibraryReader({
        hostListUrl: `${list.url}/`,
        appName: 't',
        fetch,
        random: () => 0,
      });
      const id = catalog.dataset.users[0]!.id;
      const { ids } = await readAll(reader, id, 'followers');
      expect(ids).toHaveLength(catalog.dataset.followers.get(id)!.length);
      expect(urls.some((u) => u.startsWith(dead))).toBe(true);
      expect(urls.filter((u) => u.startsWith(dead))).toHaveLength(1);
    } finally {
      await list.close();
    }
  });

  it('a failed page is not recorded: trying again reads the same page', async () => {
    resetHostMemory();
    let failing = true;
    const offsets: string[] = [];
    const flaky: FetchFn = async (input, init) => {
      if (input.includes('/followers')) {
        offsets.push(new URL(input).searchParams.get('offset') ?? '');
        if (failing) return Response.json({ message: 'busy' }, { status: 503 });
      }
      return globalThis.fetch(input, init);
    };
    // One host only, failing for as long as the first read lasts (however often the client
    // retries), then healthy again.
    const host = catalog.hostUrls[catalog.flavors.indexOf('go')]!;
    const reader = createLibraryReader({ hostListUrl: host, appName: 't', fetch: flaky });
    const id = catalog.dataset.users[0]!.id;
    const signal = new AbortController().signal;
    await expect(reader.readMore(id, 'followers', {}, signal)).rejects.toMatchObject({
      code: 'CATALOG_HTTP_ERROR',
      status: 503,
    });
    expect(reader.listSoFar(id, 'followers', {})).toBeUndefined();
    const failedAttempts = offsets.length;
    failing = false;
    const list = await reader.readMore(id, 'followers', {}, signal);
    expect(list.items).toHaveLength(PAGE_SIZE);
    // Trying again asked for the first page again, not the one after it.
    expect(offsets.length).toBe(failedAttempts + 1);
    expect(new Set(offsets)).toEqual(new Set(['0']));
  });

  it('no host answers: a CatalogError, not a hang', async () => {
    resetHostMemory();
    const reader = createLibraryReader({ hostListUrl: await refusingUrl(), appName: 't' });
    await expect(
      reader.readMore('x', 'followers', {}, new AbortController().signal),
    ).rejects.toBeInstanceOf(CatalogError);
  });
});
