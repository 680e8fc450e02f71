import type { FetchFn } from './internal/http.ts';

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
  sort_method?: 'relevant' | 'popular' | 'recent';
  genre?: string[];
}

export interface SearchUsersOptions extends SearchOptions {
  is_verified?: boolean;
}

export interface SearchPlaylistsOptions extends SearchOptions {
  mood?: string[];
}

export interface UserTracksOptions extends Page {
  sort?: 'date' | 'plays';
  query?: string;
  sort_method?:
    | 'title'
    | 'artist_name'
    | 'release_date'
    | 'last_listen_date'
    | 'added_date'
    | 'plays'
    | 'reposts'
    | 'saves'
    | 'most_listens_by_user';
  sort_direction?: 'asc' | 'desc';
  filter_tracks?: 'all' | 'public' | 'unlisted';
}

export interface TagsOptions {
  limit?: number;
}

export type TrendingTime = 'week' | 'month' | 'year' | 'allTime';
