import type { JSX } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import type { TrackSearch as Search } from '../../../lib/library/index.ts';

const DEBOUNCE_MS = 300;

const SORTS = [
  ['release_date:desc', 'Newest'],
  ['release_date:asc', 'Oldest'],
  ['plays:desc', 'Most played'],
  ['saves:desc', 'Most favorited'],
  ['reposts:desc', 'Most reposted'],
  ['title:asc', 'Title A–Z'],
] as const;

type SortValue = (typeof SORTS)[number][0];

/** The Tracks tab's search: the catalog's own `query` and sort options. */
export function TrackSearch(props: { onChange: (search: Search) => void }): JSX.Element {
  const [query, setQuery] = useState('');
  const [sort, setSort] = useState<SortValue>('release_date:desc');

  useEffect(() => {
    const timer = setTimeout(() => {
      const [method, direction] = sort.split(':') as [
        NonNullable<Search['sort_method']>,
        NonNullable<Search['sort_direction']>,
      ];
      const text = query.trim();
      props.onChange({
        ...(text ? { query: text } : {}),
        sort_method: method,
        sort_direction: direction,
      });
    }, DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [query, sort]);

  return (
    <div class="track-search">
      <label class="visually-hidden" for="library-track-search">
        Search these tracks
      </label>
      <input
        id="library-track-search"
        class="field-input"
        type="search"
        placeholder="Search these tracks…"
        data-testid="library-track-search"
        value={query}
        onInput={(e) => setQuery((e.target as HTMLInputElement).value)}
      />
      <label class="visually-hidden" for="library-track-sort">
        Sort
      </label>
      <select
        id="library-track-sort"
        class="field-input"
        data-testid="library-track-sort"
        value={sort}
        onChange={(e) => setSort((e.target as HTMLSelectElement).value as SortValue)}
      >
        {SORTS.map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </select>
    </div>
  );
}
