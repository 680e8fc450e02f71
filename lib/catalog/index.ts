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
  type DecodedIdToken,
  type IdTokenOptions,
  InvalidIdTokenError,
  type MessageSigner,
  recoverIdTokenSigner,
} from './id-token.ts';
export { resetHostMemory } from './internal/host-memory.ts';
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
