import type { FetchFn } from './internal/http.ts';
import type {
  SEARCH_SORT_METHODS,
  SORT_DIRECTIONS,
  TRACK_FILTERS,
  TRENDING_TIMES,
  USER_TRACKS_SORT_METHODS,
  USER_TRACKS_SORTS,
} from './query-values.ts';

export type { FetchFn };

export interface CatalogClientOptions {
  /** Host-list URL (`{data: [hosts]}`), or a single API host that answers it with a status object. */
  hostListUrl: string;
  /** Sent as `app_name` on every request. */
  appName: string;
  fetch?: FetchFn;
  /** Deadline per request, in ms (default 4000). */
  timeoutMs?: number;
  /** Host choice; defaults to Math.random. */
  random?: () => number;
}

/** `{ offset?, limit? }` as the API takes them (limit 1..100, offset ≥ 0). */
export interface Page {
  offset?: number;
  limit?: number;
}

interface SearchOptions extends Page {
  sort_method?: (typeof SEARCH_SORT_METHODS)[number];
  genre?: string[];
}

export interface SearchUsersOptions extends SearchOptions {
  is_verified?: boolean;
}

export interface SearchPlaylistsOptions extends SearchOptions {
  mood?: string[];
}

export interface UserTracksOptions extends Page {
  sort?: (typeof USER_TRACKS_SORTS)[number];
  query?: string;
  sort_method?: (typeof USER_TRACKS_SORT_METHODS)[number];
  sort_direction?: (typeof SORT_DIRECTIONS)[number];
  filter_tracks?: (typeof TRACK_FILTERS)[number];
}

export interface TagsOptions {
  limit?: number;
}

export type TrendingTime = (typeof TRENDING_TIMES)[number];
