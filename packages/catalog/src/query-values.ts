// The values the v1 API accepts for its enumerated query parameters (swagger-v1-go.yaml). The
// client's option types and the dev catalog's query validation are both made from these lists.

/** `sort_method` of `users/search` and `playlists/search`. */
export const SEARCH_SORT_METHODS = ['relevant', 'popular', 'recent'] as const;

/** `sort` of `users/{id}/tracks` (older revision). */
export const USER_TRACKS_SORTS = ['date', 'plays'] as const;

/** `sort_method` of `users/{id}/tracks`. */
export const USER_TRACKS_SORT_METHODS = [
  'title',
  'artist_name',
  'release_date',
  'last_listen_date',
  'added_date',
  'plays',
  'reposts',
  'saves',
  'most_listens_by_user',
] as const;

/** `sort_direction` of `users/{id}/tracks`. */
export const SORT_DIRECTIONS = ['asc', 'desc'] as const;

/** `filter_tracks` of `users/{id}/tracks`. */
export const TRACK_FILTERS = ['all', 'public', 'unlisted'] as const;

/** `time` of `playlists/trending`. */
export const TRENDING_TIMES = ['week', 'month', 'year', 'allTime'] as const;
