import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import {
  LibraryCancelledError,
  type LibraryItem,
  type LibraryReader,
  type LibraryTab,
  type ListSoFar,
  type TrackSearch,
} from '../../../lib/library/index.ts';

export type PagedListState =
  | { status: 'loading'; items: LibraryItem[] }
  | { status: 'idle'; items: LibraryItem[] }
  | { status: 'error'; items: LibraryItem[]; error: unknown }
  | { status: 'done'; items: LibraryItem[] };

/**
 * One tab's list: what the session already read, then a page more each time `more()` is called.
 * Leaving the tab (or changing the search) aborts its request; its answer is dropped.
 */
export function usePagedList(
  reader: LibraryReader,
  userId: string,
  tab: LibraryTab,
  search: TrackSearch,
): { state: PagedListState; more: () => void } {
  const searchKey = JSON.stringify(search);
  const initial = (): PagedListState => {
    const known = reader.listSoFar(userId, tab, search);
    shown.current = known ?? null;
    if (!known) return { status: 'idle', items: [] };
    return { status: known.done ? 'done' : 'idle', items: known.items };
  };
  /** The list on screen, so reading on continues from it even once the cache calls it stale. */
  const shown = useRef<ListSoFar | null>(null);
  const [state, setState] = useState<PagedListState>(initial);
  const visit = useRef<AbortController | null>(null);
  const busy = useRef(false);

  const more = useCallback(() => {
    const controller = visit.current;
    if (!controller || busy.current) return;
    busy.current = true;
    setState((s) => ({ status: 'loading', items: s.items }));
    reader.readMore(userId, tab, search, controller.signal, shown.current ?? undefined).then(
      (list) => {
        if (controller.signal.aborted) return;
        busy.current = false;
        shown.current = list;
        setState({ status: list.done ? 'done' : 'idle', items: list.items });
      },
      (error: unknown) => {
        if (controller.signal.aborted || error instanceof LibraryCancelledError) return;
        busy.current = false;
        setState((s) => ({ status: 'error', items: s.items, error }));
      },
    );
  }, [reader, userId, tab, searchKey]);

  // A new visit whenever the tab, the person or the search changes; leaving aborts the old one.
  // A list not read yet starts at once (its first page is always wanted).
  useEffect(() => {
    const controller = new AbortController();
    visit.current = controller;
    busy.current = false;
    const start = initial();
    setState(start);
    if (start.items.length === 0 && start.status === 'idle') more();
    return () => controller.abort();
  }, [reader, userId, tab, searchKey]);

  return { state, more };
}
