import type { JSX } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { describeError, Spinner } from '../../../lib/extension/ui/index.ts';
import {
  LibraryCancelledError,
  type LibraryItem,
  type LibraryReader,
} from '../../../lib/library/index.ts';
import { Artwork } from './Artwork.tsx';
import { VerifiedMark } from './VerifiedMark.tsx';

const DEBOUNCE_MS = 250;

/** Catalog-wide search for people; choosing one opens their public library. */
export function UserSearch(props: {
  reader: LibraryReader;
  onOpenUser: (userId: string) => void;
}): JSX.Element {
  const [query, setQuery] = useState('');
  const [state, setState] = useState<
    | { status: 'idle' }
    | { status: 'loading' }
    | { status: 'error'; error: unknown }
    | { status: 'done'; items: LibraryItem[] }
  >({ status: 'idle' });

  useEffect(() => {
    const text = query.trim();
    if (text === '') {
      setState({ status: 'idle' });
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setState({ status: 'loading' });
      props.reader.searchUsers(text, controller.signal).then(
        (items) => setState({ status: 'done', items }),
        (error: unknown) => {
          if (!(error instanceof LibraryCancelledError)) setState({ status: 'error', error });
        },
      );
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query, props.reader]);

  return (
    <div class="user-search">
      <label class="visually-hidden" for="library-user-search">
        Find a person in the catalog
      </label>
      <input
        id="library-user-search"
        class="field-input"
        type="search"
        placeholder="Find a person…"
        data-testid="library-user-search"
        value={query}
        onInput={(e) => setQuery((e.target as HTMLInputElement).value)}
      />
      {state.status === 'loading' ? (
        <div class="search-results muted small" role="status">
          <Spinner /> Searching…
        </div>
      ) : null}
      {state.status === 'error' ? (
        <div class="search-results small">{describeError(state.error)}</div>
      ) : null}
      {state.status === 'done' ? (
        <ul class="search-results" data-testid="library-user-results">
          {state.items.length === 0 ? <li class="muted small">Nobody by that name.</li> : null}
          {state.items.map((u) => (
            <li key={u.id}>
              <button
                type="button"
                class="search-result"
                data-testid="library-user-result"
                onClick={() => {
                  setQuery('');
                  props.onOpenUser(u.id);
                }}
              >
                <Artwork url={u.imageUrl} name={u.title} round size={28} />
                <span>{u.title}</span>
                {u.verified ? <VerifiedMark /> : null}
                <span class="muted small">{u.subtitle}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
