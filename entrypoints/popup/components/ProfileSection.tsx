import type { JSX } from 'preact';
import type { WalletCatalogProfile } from '../../../lib/extension/catalog/index.ts';
import type { CachedProfile } from '../../../lib/extension/session/index.ts';
import { describeError, Spinner, useAsync } from '../../../lib/extension/ui/index.ts';
import { sendMessage } from './api.ts';
import { ProfileCard } from './ProfileCard.tsx';
import { ProfileSearch } from './ProfileSearch.tsx';
import { sameData } from './same-data.ts';

/**
 * The catalog user whose wallet this is, or an honest "none" with a way to look one up. The last
 * lookup (from the session snapshot) shows at once while a fresh one runs; when the fresh one
 * differs, it replaces it and says so.
 */
export function ProfileSection(props: {
  address: string;
  cached: CachedProfile | null;
}): JSX.Element {
  const [fresh, reload] = useAsync(() => sendMessage('getCatalogProfile'), [props.address]);
  const cached = props.cached;
  let body: JSX.Element;
  if (fresh.status === 'done') {
    const changed = cached !== null && !sameData(cached.profile, fresh.value);
    body = (
      <>
        <Profile value={fresh.value} />
        {changed ? (
          <p class="muted small" role="status" data-testid="profile-updated">
            Updated just now.
          </p>
        ) : null}
      </>
    );
  } else if (cached) {
    body = (
      <>
        <Profile value={cached.profile} />
        {fresh.status === 'loading' ? (
          <p class="muted small" role="status" data-testid="profile-refreshing">
            <Spinner /> Checking for changes…
          </p>
        ) : (
          <div class="stack-sm">
            <p class="muted small" data-testid="profile-stale">
              Could not check for changes: {describeError(fresh.error)}
            </p>
            <button type="button" class="btn btn-secondary btn-sm" onClick={reload}>
              Try again
            </button>
          </div>
        )}
      </>
    );
  } else if (fresh.status === 'loading') {
    body = (
      <div class="card center muted" role="status">
        <Spinner /> Looking up your profile…
      </div>
    );
  } else {
    body = (
      <div class="card stack-sm">
        <p class="muted" data-testid="profile-error">
          {describeError(fresh.error)}
        </p>
        <button type="button" class="btn btn-secondary btn-sm" onClick={reload}>
          Try again
        </button>
      </div>
    );
  }
  return (
    <section class="section" aria-labelledby="profile-title">
      <h2 id="profile-title" class="card-title">
        Music profile
      </h2>
      {body}
    </section>
  );
}

function Profile(props: { value: WalletCatalogProfile | null }): JSX.Element {
  return props.value ? (
    <ProfileCard profile={props.value.user} topTracks={props.value.topTracks} />
  ) : (
    <div class="card stack-sm">
      <p data-testid="no-profile">No catalog profile is linked to this wallet.</p>
      <ProfileSearch />
    </div>
  );
}
