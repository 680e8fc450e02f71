import type { JSX } from 'preact';
import { useState } from 'preact/hooks';
import type { CatalogProfile, WalletCatalogProfile } from '../../../lib/extension/catalog/index.ts';
import { describeError, Spinner } from '../../../lib/extension/ui/index.ts';
import { sendMessage } from './api.ts';
import { ProfilePicture } from './ProfilePicture.tsx';
import { VerifiedMark } from './VerifiedMark.tsx';

type Result =
  | { status: 'idle' }
  | { status: 'busy' }
  | { status: 'error'; message: string }
  | { status: 'done'; users: CatalogProfile[] };

/**
 * Look a catalog user up by handle or name; clicking a result makes it this wallet's profile in
 * the popup (`catalog.link`), which `onLinked` then shows.
 */
export function ProfileSearch(props: {
  onLinked: (profile: WalletCatalogProfile | null) => void;
}): JSX.Element {
  const [query, setQuery] = useState('');
  const [result, setResult] = useState<Result>({ status: 'idle' });
  const [linking, setLinking] = useState<string | null>(null);
  const [linkError, setLinkError] = useState<string | null>(null);

  async function link(user: CatalogProfile): Promise<void> {
    setLinking(user.id);
    setLinkError(null);
    try {
      props.onLinked(await sendMessage('catalog.link', { userId: user.id }));
    } catch (error) {
      setLinkError(describeError(error));
      setLinking(null);
    }
  }

  async function search(event: Event): Promise<void> {
    event.preventDefault();
    if (!query.trim()) return;
    setResult({ status: 'busy' });
    try {
      setResult({ status: 'done', users: await sendMessage('searchCatalogUsers', { query }) });
    } catch (error) {
      setResult({ status: 'error', message: describeError(error) });
    }
  }

  return (
    <div class="stack-sm">
      <form class="search" onSubmit={(event) => void search(event)}>
        <label class="visually-hidden" for="profile-search">
          Search the catalog by handle
        </label>
        <input
          id="profile-search"
          class="field-input"
          type="search"
          placeholder="Search by handle"
          data-testid="profile-search"
          aria-invalid={result.status === 'error' ? 'true' : undefined}
          aria-describedby={result.status === 'error' ? 'profile-search-error' : undefined}
          value={query}
          onInput={(event) => setQuery(event.currentTarget.value)}
        />
        <button type="submit" class="btn btn-secondary" disabled={result.status === 'busy'}>
          {result.status === 'busy' ? <Spinner /> : 'Search'}
        </button>
      </form>
      {result.status === 'error' ? (
        <p
          class="field-error"
          id="profile-search-error"
          role="alert"
          data-testid="profile-search-error"
        >
          {result.message}
        </p>
      ) : null}
      {linkError ? (
        <p class="field-error" role="alert" data-testid="profile-link-error">
          {linkError}
        </p>
      ) : null}
      {result.status === 'done' ? (
        result.users.length === 0 ? (
          <p class="muted small">No catalog user matches “{query.trim()}”.</p>
        ) : (
          <ul class="results" data-testid="profile-search-results">
            {result.users.map((user) => (
              <li key={user.id}>
                <button
                  type="button"
                  class="result result-button"
                  data-testid="profile-search-result"
                  disabled={linking !== null}
                  title={`Show @${user.handle} as this wallet’s profile`}
                  onClick={() => void link(user)}
                >
                  <ProfilePicture url={user.pictureUrl} name={user.name} size={28} />
                  <span class="result-names">
                    <span class="result-name">
                      {user.name} {user.verified ? <VerifiedMark /> : null}
                    </span>
                    <span class="muted small">@{user.handle}</span>
                  </span>
                  {linking === user.id ? <Spinner /> : <span class="small">Link</span>}
                </button>
              </li>
            ))}
          </ul>
        )
      ) : null}
    </div>
  );
}
