import { measurePhase } from '@encore-wallet/utils/perf';
import type { JSX } from 'preact';
import { useEffect, useLayoutEffect, useRef } from 'preact/hooks';
import { describeError, Spinner } from '../../../lib/extension/ui/index.ts';
import type { LibraryReader, LibraryTab, TrackSearch } from '../../../lib/library/index.ts';
import { ItemRow } from './ItemRow.tsx';
import { usePagedList } from './use-paged-list.ts';

const EMPTY: Record<LibraryTab, string> = {
  tracks: 'No tracks yet.',
  favorites: 'No favorites yet.',
  reposts: 'No reposts yet.',
  playlists: 'No playlists or albums yet.',
  following: 'Not following anyone yet.',
  followers: 'No followers yet.',
  supporters: 'No supporters yet.',
  supporting: 'Not supporting anyone yet.',
};

const SEARCH_EMPTY = 'No tracks match this search.';

/** From the page's navigation to the first list on screen (read by `npm run bench:library`). */
export const FIRST_TAB_MEASURE = 'encore:library:first-tab';
let firstTabShown = false;

/** Older catalog hosts have no route for a person's playlists: say so instead of "unusable". */
function describeListError(tab: LibraryTab, error: unknown): string {
  const status = (error as { status?: unknown } | null)?.status;
  if (tab === 'playlists' && status === 404) {
    return 'This catalog host is an older one that does not list playlists. A newer host (settings) does.';
  }
  return describeError(error);
}

/** A tab's list, read a page at a time as its end scrolls into view. */
export function PagedList(props: {
  reader: LibraryReader;
  userId: string;
  tab: LibraryTab;
  search: TrackSearch;
  onOpenUser: (userId: string) => void;
}): JSX.Element {
  const { state, more } = usePagedList(props.reader, props.userId, props.tab, props.search);
  const sentinel = useRef<HTMLDivElement>(null);

  // Observing again after every page: a page too short to fill the screen asks for the next one.
  useEffect(() => {
    const target = sentinel.current;
    if (!target || state.status !== 'idle') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) more();
      },
      { rootMargin: '400px 0px' },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [state.status, state.items.length, more]);

  const shown = state.items.length > 0 || state.status === 'done';
  // A layout effect: it runs once the list is in the DOM, not a frame later.
  useLayoutEffect(() => {
    if (!shown || firstTabShown) return;
    firstTabShown = true;
    measurePhase(FIRST_TAB_MEASURE, 0);
  }, [shown]);

  const { items } = state;
  const searching = props.tab === 'tracks' && Boolean(props.search.query);
  return (
    <div class="library-list">
      {items.length > 0 ? (
        <ul class="items">
          {items.map((item, i) => (
            <ItemRow
              key={`${item.kind}:${item.id}:${i}`}
              item={item}
              reader={props.reader}
              onOpenUser={props.onOpenUser}
            />
          ))}
        </ul>
      ) : null}
      {state.status === 'loading' ? (
        <p class="list-status muted" role="status" data-testid="library-loading-more">
          <Spinner /> {items.length === 0 ? 'Loading…' : 'Loading more…'}
        </p>
      ) : null}
      {state.status === 'error' ? (
        <div class="list-status alert alert-error" role="alert">
          <span data-testid="library-error">{describeListError(props.tab, state.error)}</span>{' '}
          <button
            type="button"
            class="btn btn-secondary btn-sm"
            data-testid="library-retry"
            onClick={more}
          >
            Try again
          </button>
        </div>
      ) : null}
      {state.status === 'done' && items.length === 0 ? (
        <p class="list-status muted" data-testid="library-empty">
          {searching ? SEARCH_EMPTY : EMPTY[props.tab]}
        </p>
      ) : null}
      {state.status === 'done' && items.length > 0 ? (
        <p class="list-status muted" data-testid="library-end" data-count={items.length}>
          That’s all — {items.length} {items.length === 1 ? 'item' : 'items'}.
        </p>
      ) : null}
      <div ref={sentinel} class="sentinel" aria-hidden="true" />
    </div>
  );
}
