import { type CatalogClient, createCatalogClient } from '@encore-wallet/catalog';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DevCatalog, startDevCatalog } from '../../../dev-catalog/index.ts';

let catalog: DevCatalog;
let client: CatalogClient;

beforeAll(async () => {
  catalog = await startDevCatalog({ port: 0, hosts: 3, seed: 5 });
  client = createCatalogClient({ hostListUrl: catalog.hostListUrl, appName: 'encore-test' });
});
afterAll(async () => {
  await catalog?.close();
});

describe('paging', () => {
  it('paginate walks a long follower list completely, in order, without duplicates', async () => {
    const star = catalog.dataset.users[0]!.id;
    const expected = catalog.dataset.followers.get(star)!;
    expect(expected.length).toBeGreaterThan(200);
    const seen: string[] = [];
    for await (const follower of client.paginate('getFollowers', star, 37)) seen.push(follower.id);
    expect(seen).toEqual(expected);
  });

  it('paginate with the default page size uses the API maximum', async () => {
    const star = catalog.dataset.users[0]!.id;
    let count = 0;
    for await (const track of client.paginate('getUserTracks', star)) {
      expect(track.user.id).toBe(star);
      count++;
    }
    expect(count).toBe(catalog.dataset.tracksByOwner.get(star)!.filter((t) => !t.unlisted).length);
  });

  it("paginate walks a user's playlists on a newer host, one at a time", async () => {
    const go = catalog.hostUrls[catalog.flavors.indexOf('go')]!;
    const goClient = createCatalogClient({ hostListUrl: go, appName: 'encore-test' });
    const owner = catalog.dataset.users.find(
      (u) => (catalog.dataset.playlistsByOwner.get(u.id)?.length ?? 0) > 2,
    )!;
    const seen: string[] = [];
    for await (const p of goClient.paginate('getUserPlaylists', owner.id, 1)) seen.push(p.id);
    expect(seen.sort()).toEqual(
      catalog.dataset.playlistsByOwner
        .get(owner.id)!
        .map((p) => p.id)
        .sort(),
    );
  });

  it('out-of-range paging is a 400 from the host, never retried elsewhere', async () => {
    const star = catalog.dataset.users[0]!.id;
    for (const page of [{ limit: 101 }, { limit: 0 }, { offset: -1 }]) {
      await expect(client.getFollowers(star, page)).rejects.toMatchObject({
        code: 'CATALOG_HTTP_ERROR',
        status: 400,
        serverMessage: expect.stringMatching(/limit|offset/),
      });
    }
    expect(await client.getFollowers(star, { limit: 100 })).toHaveLength(100);
    expect(await client.getFollowers(star, { offset: 100_000 })).toEqual([]);
  });
});
