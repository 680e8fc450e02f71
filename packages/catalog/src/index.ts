// Music catalog v1 client: plain TypeScript over fetch, for pages, service workers and Node.
export {
  type CatalogClient,
  createCatalogClient,
  type PagedItem,
  type PagedMethod,
} from './client.ts';
export { CatalogError, type CatalogErrorCode, type CatalogErrorJSON } from './errors.ts';
export {
  createIdToken,
  DEFAULT_ID_TOKEN_LIFETIME_SECONDS,
  type DecodedIdToken,
  type IdTokenOptions,
  type IdTokenSubject,
  InvalidIdTokenError,
  idTokenSubjectOf,
  type MessageSigner,
  recoverIdTokenSigner,
} from './id-token.ts';
export {
  IdTokenClaimError,
  type IdTokenClaimErrorCode,
  type IdTokenClaimErrorJSON,
  type IdTokenClaims,
  type VerifyIdTokenClaimsOptions,
  verifyIdTokenClaims,
} from './id-token-claims.ts';
export { resetHostMemory } from './internal/host-memory.ts';
export { pickImage } from './pick-image.ts';
export {
  SEARCH_SORT_METHODS,
  SORT_DIRECTIONS,
  TRACK_FILTERS,
  TRENDING_TIMES,
  USER_TRACKS_SORT_METHODS,
  USER_TRACKS_SORTS,
} from './query-values.ts';
export * from './schemas/index.ts';
export type {
  CatalogClientOptions,
  FetchFn,
  Page,
  SearchPlaylistsOptions,
  SearchUsersOptions,
  TagsOptions,
  TrendingTime,
  UserTracksOptions,
} from './types.ts';
