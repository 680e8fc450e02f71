import {
  type CatalogClient,
  CatalogError,
  createCatalogClient,
  createIdToken,
  idTokenSubjectOf,
} from '@encore-wallet/catalog';
import { Wallet } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type DevCatalog,
  devUserPrivateKey,
  type HostFlavor,
  startDevCatalog,
} from '../../../dev-catalog/index.ts';

// Every client method against both dialects, checked against the dataset the catalog serves.
const SEED = 11;
const SITE = 'https://music.example';
let catalog: DevCatalog;

beforeAll(async () => {
  catalog = await startDevCatalog({ port: 0, hosts: 2, seed: SEED });
});
afterAll(async () => {
  await catalog?.close();
});

describe.each(['go', 'python'] as HostFlavor[])('%s host', (flavor) => {
  let client: CatalogClient;
  const data = (): DevCatalog['dataset'] => catalog.dataset;
  const star = (): string => data().users[0]!.id;

  beforeAll(() => {
    const host = catalog.hostUrls[catalog.flavors.indexOf(flavor)]!;
    // A host URL as host list: go hosts answer with a status object, python hosts with a 404;
    // either way the client talks to that host.
    client = createCatalogClient({ hostListUrl: host, appName: 'encore-test' });
  });

  it('getUser and getUserIdByWallet', async () => {
    const u = data().users[5]!;
    const user = await client.getUser(u.id);
    expect(user).toMatchObject({
      id: u.id,
      handle: u.handle,
      name: u.name,
      is_verified: u.isVerified,
    });
    expect(user.follower_count).toBe(data().followers.get(u.id)?.length ?? 0);
    expect(user.track_count).toBe(
      data()
        .tracksByOwner.get(u.id)!
        .filter((t) => !t.unlisted).length,
    );
    expect(await client.getUserIdByWallet(u.wallet)).toBe(u.id);
    expect(await client.getUserIdByWallet(u.wallet.toLowerCase())).toBe(u.id);
  });

  it('searchUsers with options', async () => {
    const verified = await client.searchUsers('a', { is_verified: true, limit: 20 });
    expect(verified.length).toBeGreaterThan(0);
    expect(verified.every((u) => u.is_verified)).toBe(true);
    const popular = await client.searchUsers('e', { sort_method: 'popular', limit: 5 });
    const counts = popular.map((u) => u.follower_count);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    expect(await client.searchUsers('no-such-person-zzz')).toEqual([]);
  });

  it('verifyToken accepts a token signed by the user wallet and refuses others', async () => {
    const u = data().users[9]!;
    const wallet = new Wallet(devUserPrivateKey(SEED, u.index));
    const user = await client.getUser(u.id);
    const token = await createIdToken(wallet, idTokenSubjectOf(user), { audience: SITE });
    // The binding claims ride along: verify_token neither refuses nor drops them.
    expect(await client.verifyToken(token)).toMatchObject({
      userId: u.id,
      handle: u.handle,
      sub: u.id,
      aud: SITE,
      exp: expect.any(Number),
      nonce: expect.stringMatching(/^[0-9a-f]{32}$/),
    });

    const impostor = await createIdToken(Wallet.createRandom(), idTokenSubjectOf(user), {
      audience: SITE,
    });
    await expect(client.verifyToken(impostor)).rejects.toMatchObject({ status: 404 });
    await expect(client.verifyToken('not.a.token')).rejects.toMatchObject({ status: 400 });
  });

  it('getConnectedWallets, getFavorites', async () => {
    const u = data().users[2]!;
    const wallets = await client.getConnectedWallets(u.id);
    expect(wallets.spl_wallets).toEqual([u.splWallet]);
    const favorites = await client.getFavorites(u.id);
    expect(favorites.map((f) => f.favorite_item_id)).toEqual(
      data()
        .favorites.get(u.id)!
        .map((f) => f.itemId),
    );
    expect(favorites.every((f) => f.user_id === u.id)).toBe(true);
  });

  it('getReposts carries tracks and playlists', async () => {
    const reposter = data().users.find((u) =>
      (data().reposts.get(u.id) ?? []).some((r) => r.kind === 'playlist'),
    )!;
    const reposts = await client.getReposts(reposter.id, { limit: 100 });
    expect(reposts.map((r) => r.item.id)).toEqual(
      data()
        .reposts.get(reposter.id)!
        .map((r) => r.itemId),
    );
    const playlist = reposts.find((r) => r.item_type === 'playlist');
    expect(playlist?.item_type === 'playlist' && playlist.item.playlist_name).toBeTruthy();
  });

  it('getFollowers, getFollowing, getSubscribers, getRelatedUsers page as asked', async () => {
    const followers = await client.getFollowers(star(), { offset: 5, limit: 7 });
    expect(followers.map((u) => u.id)).toEqual(data().followers.get(star())!.slice(5, 12));
    expect(await client.getFollowers(star())).toHaveLength(10); // default limit
    const following = await client.getFollowing(data().users[1]!.id, { limit: 100 });
    expect(following.map((u) => u.id)).toEqual(data().following.get(data().users[1]!.id));
    const subscribers = await client.getSubscribers(star(), { limit: 3 });
    expect(subscribers.map((u) => u.id)).toEqual(data().subscribers.get(star())!.slice(0, 3));
    const related = await client.getRelatedUsers(star(), { limit: 5 });
    expect(related.length).toBeGreaterThan(0);
    expect(related.some((u) => u.id === star())).toBe(false);
  });

  it('getSupporters and getSupporting rank by amount', async () => {
    const supported = data().tips[0]!.receiverId;
    const supporters = await client.getSupporters(supported, { limit: 100 });
    expect(supporters.length).toBeGreaterThan(0);
    expect(supporters.map((s) => s.rank)).toEqual(supporters.map((_, i) => i + 1));
    const amounts = supporters.map((s) => BigInt(s.amount));
    expect(amounts).toEqual([...amounts].sort((a, b) => (b > a ? 1 : b < a ? -1 : 0)));
    const sender = supporters[0]!.sender.id;
    const supporting = await client.getSupporting(sender);
    expect(supporting.some((s) => s.receiver.id === supported)).toBe(true);
  });

  it('getTags and getUserTracks options', async () => {
    const tags = await client.getTags(star(), { limit: 3 });
    expect(tags.length).toBeLessThanOrEqual(3);
    expect(tags.length).toBeGreaterThan(0);
    const byPlays = await client.getUserTracks(star(), { sort_method: 'plays', limit: 50 });
    const plays = byPlays.map((t) => t.play_count);
    expect(plays).toEqual([...plays].sort((a, b) => b - a));
    const byTitle = await client.getUserTracks(star(), {
      sort_method: 'title',
      sort_direction: 'asc',
      limit: 50,
    });
    const titles = byTitle.map((t) => t.title.toLowerCase());
    expect(titles).toEqual([...titles].sort());
    const word = byTitle[0]!.title.split(' ')[0]!;
    const matching = await client.getUserTracks(star(), { query: word, limit: 50 });
    expect(matching.every((t) => t.title.includes(word))).toBe(true);
    expect(await client.getUserTracks(star(), { filter_tracks: 'unlisted' })).toEqual([]);
    expect(byPlays.every((t) => t.user.id === star())).toBe(true);
  });

  it('getPlaylist (the object, not the array), getPlaylistTracks, searchPlaylists, trending', async () => {
    const p = data().playlists[3]!;
    const playlist = await client.getPlaylist(p.id);
    expect(playlist).toMatchObject({ id: p.id, playlist_name: p.name, is_album: p.isAlbum });
    expect((await client.getPlaylistTracks(p.id)).map((t) => t.id)).toEqual(p.trackIds);
    const found = await client.searchPlaylists(p.name);
    expect(found.some((x) => x.id === p.id)).toBe(true);
    const trending = await client.getTrendingPlaylists('allTime');
    expect(trending.length).toBeGreaterThan(0);
    expect(trending.every((x) => !x.is_album)).toBe(true);
    const week = await client.getTrendingPlaylists('week');
    expect(week.length).toBeLessThanOrEqual(trending.length);
    await expect(client.getPlaylist('nope')).rejects.toBeInstanceOf(CatalogError);
  });

  it('getTracks and getPlaylists look items up in bulk, leaving unknown ids out', async () => {
    const tracks = data()
      .tracks.filter((t) => !t.unlisted)
      .slice(0, 3);
    const found = await client.getTracks([...tracks.map((t) => t.id), 'nope']);
    expect(found.map((t) => t.id).sort()).toEqual(tracks.map((t) => t.id).sort());
    const playlists = data().playlists.slice(0, 2);
    const lists = await client.getPlaylists([...playlists.map((p) => p.id), 'nope']);
    expect(lists.map((p) => p.id).sort()).toEqual(playlists.map((p) => p.id).sort());
  });

  it('getUserPlaylists pages on newer hosts; older ones answer 404', async () => {
    const owner = data().users.find((u) => (data().playlistsByOwner.get(u.id)?.length ?? 0) > 1)!;
    const mine = data().playlistsByOwner.get(owner.id)!;
    if (flavor === 'python') {
      await expect(client.getUserPlaylists(owner.id)).rejects.toMatchObject({ status: 404 });
      return;
    }
    const first = await client.getUserPlaylists(owner.id, { limit: 1 });
    const rest = await client.getUserPlaylists(owner.id, { offset: 1, limit: 100 });
    expect([...first, ...rest].map((p) => p.id).sort()).toEqual(mine.map((p) => p.id).sort());
    expect(first.every((p) => p.user.id === owner.id)).toBe(true);
  });

  it('images are URL objects (newer hosts add mirrors) and load without the internet', async () => {
    const user = await client.getUser(data().users.find((u) => u.profileCid !== null)!.id);
    const url = user.profile_picture?.['150x150'];
    expect(typeof url).toBe('string');
    expect(user.profile_picture?.mirrors === undefined).toBe(flavor === 'python');
    const res = await fetch(url as string);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^image\//);
  });
});
