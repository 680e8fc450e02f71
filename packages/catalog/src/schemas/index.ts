export {
  type Favorite,
  favoriteSchema,
  type Repost,
  repostSchema,
  type Supporter,
  type Supporting,
  supporterSchema,
  supportingSchema,
} from './activity.ts';
export { envelope, type ImageSet, idSchema, imageSchema } from './common.ts';
export { type Playlist, playlistByIdSchema, playlistSchema } from './playlist.ts';
export { type VerifiedToken, verifiedTokenSchema } from './token.ts';
export { type Track, trackSchema } from './track.ts';
export {
  type ConnectedWallets,
  connectedWalletsSchema,
  type User,
  userIdByWalletSchema,
  userIdsByAddressSchema,
  userSchema,
} from './user.ts';
