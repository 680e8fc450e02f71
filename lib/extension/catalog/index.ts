// The worker's use of the music catalog: a client that follows the settings, the profile the
// popup shows, and the lookups and ID tokens behind encore_requestIdToken.
export { createCatalogClientSource } from './catalog-client.ts';
export {
  type CatalogProfile,
  type CatalogTrackSummary,
  findWalletProfile,
  profileOf,
  searchProfiles,
  type WalletCatalogProfile,
} from './catalog-profile.ts';
export {
  catalogUserIdSchema,
  createLinkedProfiles,
  LINKED_PROFILES_KEY,
  type LinkedProfiles,
} from './linked-profiles.ts';
export { type CatalogDepsOptions, createCatalogDeps } from './rpc-deps.ts';
