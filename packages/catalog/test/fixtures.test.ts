import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { SHARED_FIXTURES } from '../../../tests/support/shared-fixtures.ts';
import {
  connectedWalletsSchema,
  envelope,
  favoriteSchema,
  playlistByIdSchema,
  playlistSchema,
  repostSchema,
  supporterSchema,
  supportingSchema,
  trackSchema,
  userIdByWalletSchema,
  userSchema,
  verifiedTokenSchema,
} from '../src/index.ts';

const SAMPLES = join(SHARED_FIXTURES, 'audius/samples');

// Which schema each real sample answers to; a sample we have no client method for (tips) still
// parses with the schema of the shape it contains.
const tipSchema = z.looseObject({
  amount: z.string(),
  sender: userSchema,
  receiver: userSchema,
  created_at: z.string(),
});
const bySample: Record<string, z.ZodType> = {
  'playlists._playlist_id_.json': playlistByIdSchema,
  'playlists._playlist_id_.tracks.json': z.array(trackSchema),
  'playlists.search.json': z.array(playlistSchema),
  'playlists.trending.json': z.array(playlistSchema),
  'resolve.json': trackSchema,
  'tips.json': z.array(tipSchema),
  'tracks._track_id_.json': trackSchema,
  'tracks.json': z.array(trackSchema),
  'tracks.search.json': z.array(trackSchema),
  'tracks.trending.json': z.array(trackSchema),
  'tracks.trending.underground.json': z.array(trackSchema),
  'users._id_.connected_wallets.json': connectedWalletsSchema,
  'users._id_.favorites.json': z.array(favoriteSchema),
  'users._id_.followers.json': z.array(userSchema),
  'users._id_.following.json': z.array(userSchema),
  'users._id_.json': userSchema,
  'users._id_.related.json': z.array(userSchema),
  'users._id_.reposts.json': z.array(repostSchema),
  'users._id_.subscribers.json': z.array(userSchema),
  'users._id_.supporters.json': z.array(supporterSchema),
  'users._id_.supporting.json': z.array(supportingSchema),
  'users._id_.tags.json': z.array(z.string()),
  'users._id_.tracks.json': z.array(trackSchema),
  'users.handle._handle_.json': userSchema,
  'users.handle._handle_.tracks.ai_attributed.json': z.array(trackSchema),
  'users.id.json': userIdByWalletSchema,
  'users.search.json': z.array(userSchema),
  'users.verify_token.json': verifiedTokenSchema,
  'get-playlist-tracks.json': z.array(trackSchema),
  'get-playlist.json': playlistByIdSchema,
  'get-track.json': trackSchema,
  'get-user-s-favorite-tracks.json': z.array(favoriteSchema),
  'get-user-s-tracks.json': z.array(trackSchema),
  'get-user.json': userSchema,
  'search-playlists.json': z.array(playlistSchema),
  'search-tracks.json': z.array(trackSchema),
  'search-users.json': z.array(userSchema),
  'trending-tracks.json': z.array(trackSchema),
  'user-2025-go-api.json': userSchema,
};

function load(path: string): unknown {
  return JSON.parse(readFileSync(path, 'utf8')) as unknown;
}

describe('every real sample parses', () => {
  for (const dir of ['api-docs-2023', 'legacy-docs-2021']) {
    for (const file of readdirSync(join(SAMPLES, dir))) {
      it(`${dir}/${file}`, () => {
        const schema = bySample[file];
        expect(schema, `no schema mapped for ${file}`).toBeDefined();
        const result = envelope(schema!).safeParse(load(join(SAMPLES, dir, file)));
        expect(result.error?.issues ?? []).toEqual([]);
      });
    }
  }

  it('user-2025-go-api.json (newer host: image mirrors, extra fields)', () => {
    const { data } = envelope(userSchema).parse(load(join(SAMPLES, 'user-2025-go-api.json')));
    expect(data.handle).toBe('kennygotsoul');
    expect(data.profile_picture?.mirrors).toHaveLength(3);
    expect(data.profile_picture?.['150x150']).toMatch(/150x150\.jpg$/);
    // Unknown later-revision fields pass through.
    expect((data as Record<string, unknown>).verified_with_twitter).toBe(true);
  });
});

describe('quirks', () => {
  const user = envelope(userSchema).parse(
    load(join(SAMPLES, 'legacy-docs-2021/get-user.json')),
  ).data;

  it('the 2021 revision lacks later fields and still gives a usable user', () => {
    expect(user).toMatchObject({ id: 'nlGNe', handle: 'TeamBandL', is_verified: true });
    expect(user.erc_wallet).toBeUndefined();
  });

  it('playlists by id come out as the playlist itself, array or not', () => {
    const fromArray = envelope(playlistByIdSchema).parse(
      load(join(SAMPLES, 'api-docs-2023/playlists._playlist_id_.json')),
    ).data;
    const fromObject = envelope(playlistByIdSchema).parse(
      load(join(SAMPLES, 'legacy-docs-2021/get-playlist.json')),
    ).data;
    expect(fromArray.id).toBe('DOPRl');
    expect(fromObject.id).toBe('DOPRl');
  });

  it('numeric ids become strings', () => {
    const fav = favoriteSchema.parse({
      favorite_item_id: 12345,
      favorite_type: 'SaveType.track',
      user_id: 678,
    });
    expect(fav).toMatchObject({ favorite_item_id: '12345', user_id: '678' });
    expect(userSchema.parse({ ...user, id: 42 }).id).toBe('42');
  });

  it('null images are null; images with mirrors keep them', () => {
    expect(userSchema.parse({ ...user, profile_picture: null }).profile_picture).toBeNull();
    const withMirrors = userSchema.parse({
      ...user,
      cover_photo: { '640x': 'https://a/640x.jpg', mirrors: ['https://b', 'https://c'] },
    });
    expect(withMirrors.cover_photo?.mirrors).toEqual(['https://b', 'https://c']);
  });

  it('refuses what the code relies on when it is missing', () => {
    const { handle: _drop, ...noHandle } = user;
    const result = userSchema.safeParse(noHandle);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['handle']);
  });
});
