import type { CatalogClient, Track, User } from '@encore-wallet/catalog';
import { describe, expect, it } from 'vitest';
import { findWalletProfile } from '../../../lib/extension/catalog/index.ts';

const user = {
  id: 'u1',
  handle: 'ava',
  name: 'Ava Shah',
  is_verified: true,
  follower_count: 59,
  followee_count: 19,
  track_count: 16,
  profile_picture: { '150x150': 'https://img.example/a-150.jpg', mirrors: ['https://m.example'] },
} as unknown as User;
const track = (id: string, plays: number): Track =>
  ({ id, title: `Track ${id}`, play_count: plays, artwork: null }) as unknown as Track;

function client(userId: string | null): CatalogClient {
  return {
    getUserIdByWallet: async () => userId,
    getUser: async () => user,
    getUserTracks: async () => [track('1', 900), track('2', 50), track('3', 7), track('4', 1)],
  } as unknown as CatalogClient;
}

describe('wallet catalog profile', () => {
  it('is the wallet owner with a few top tracks', async () => {
    expect(await findWalletProfile(client('u1'), '0xabc')).toEqual({
      user: {
        id: 'u1',
        handle: 'ava',
        name: 'Ava Shah',
        verified: true,
        pictureUrl: 'https://img.example/a-150.jpg',
        followerCount: 59,
        followingCount: 19,
        trackCount: 16,
      },
      topTracks: [
        { id: '1', title: 'Track 1', playCount: 900, artworkUrl: null },
        { id: '2', title: 'Track 2', playCount: 50, artworkUrl: null },
        { id: '3', title: 'Track 3', playCount: 7, artworkUrl: null },
      ],
    });
  });

  it('is null when no catalog user has the wallet', async () => {
    expect(await findWalletProfile(client(null), '0xabc')).toBeNull();
  });
});
