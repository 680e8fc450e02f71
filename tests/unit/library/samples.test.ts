// Every tab of the library, fed the catalog's real published answers through the real client: each
// list the page shows comes out of them with titles, people and links.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createCatalogClient } from '@encore-wallet/catalog';
import { describe, expect, it } from 'vitest';
import { type LibraryTab, loadTabPage } from '../../../lib/library/index.ts';
import { SHARED_FIXTURES } from '../../support/shared-fixtures.ts';

const SAMPLES = join(SHARED_FIXTURES, 'audius/samples');
const HOST = 'https://host.example';

/** `/v1/...` path (without the user id) → the sample answering it, per revision. */
const ROUTES: Record<string, Record<string, string>> = {
  'api-docs-2023': {
    '/users/u/tracks': 'users._id_.tracks.json',
    '/users/u/favorites': 'users._id_.favorites.json',
    '/users/u/reposts': 'users._id_.reposts.json',
    '/users/u/followers': 'users._id_.followers.json',
    '/users/u/following': 'users._id_.following.json',
    '/users/u/supporters': 'users._id_.supporters.json',
    '/users/u/supporting': 'users._id_.supporting.json',
    // No published answer of these two: the bulk routes answer the shapes of their singles.
    '/users/u/playlists': 'playlists.search.json',
    '/tracks': 'tracks.json',
    '/playlists': 'playlists.search.json',
  },
  'legacy-docs-2021': {
    '/users/u/tracks': 'get-user-s-tracks.json',
    '/users/u/favorites': 'get-user-s-favorite-tracks.json',
    '/tracks': 'search-tracks.json',
    '/playlists': 'search-playlists.json',
  },
};

function clientServing(dir: string) {
  const routes = ROUTES[dir]!;
  return createCatalogClient({
    hostListUrl: `${HOST}/list`,
    appName: 'test',
    fetch: async (input) => {
      const url = new URL(input);
      if (url.pathname === '/list') return Response.json({ data: [HOST] });
      const file = routes[url.pathname.replace(/^\/v1/, '')];
      if (!file) return Response.json({ message: 'not here' }, { status: 404 });
      return new Response(readFileSync(join(SAMPLES, dir, file), 'utf8'));
    },
  });
}

const TABS: Record<string, LibraryTab[]> = {
  'api-docs-2023': [
    'tracks',
    'favorites',
    'reposts',
    'playlists',
    'following',
    'followers',
    'supporters',
    'supporting',
  ],
  'legacy-docs-2021': ['tracks', 'favorites'],
};

describe.each(Object.keys(TABS))('real answers (%s)', (dir) => {
  it.each(TABS[dir]!)('the %s tab lists them', async (tab) => {
    const client = clientServing(dir);
    const page = await loadTabPage(
      { client, favorites: () => client.getFavorites('u') },
      'u',
      tab,
      { offset: 0, limit: 100 },
    );
    if (tab !== 'favorites') expect(page.items.length).toBeGreaterThan(0);
    for (const item of page.items) {
      expect(item.title.length).toBeGreaterThan(0);
      expect(item.link).toMatch(/^https:\/\/audius\.co\//);
      expect(item.imageUrl === null || /^https?:\/\//.test(item.imageUrl)).toBe(true);
      for (const count of item.counts) expect(Number.isInteger(count.value)).toBe(true);
    }
    if (tab === 'supporters' || tab === 'supporting') {
      expect(page.items.every((i) => i.kind === 'user' && i.amount !== undefined)).toBe(true);
    }
  });
});
