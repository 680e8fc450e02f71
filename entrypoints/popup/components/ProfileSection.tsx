import type { JSX } from 'preact';
import { describeError, Spinner, useAsync } from '../../../lib/extension/ui/index.ts';
import { sendMessage } from './api.ts';
import { ProfileCard } from './ProfileCard.tsx';
import { ProfileSearch } from './ProfileSearch.tsx';

/** The catalog user whose wallet this is, or an honest "none" with a way to look one up. */
export function ProfileSection(props: { address: string }): JSX.Element {
  const [profile, reload] = useAsync(() => sendMessage('getCatalogProfile'), [props.address]);
  return (
    <section class="section" aria-labelledby="profile-title">
      <h2 id="profile-title" class="card-title">
        Music profile
      </h2>
      {profile.status === 'loading' ? (
        <div class="card center muted" role="status">
          <Spinner /> Looking up your profile…
        </div>
      ) : profile.status === 'error' ? (
        <div class="card stack-sm">
          <p class="muted">{describeError(profile.error)}</p>
          <button type="button" class="btn btn-secondary btn-sm" onClick={reload}>
            Try again
          </button>
        </div>
      ) : profile.value ? (
        <ProfileCard profile={profile.value.user} topTracks={profile.value.topTracks} />
      ) : (
        <div class="card stack-sm">
          <p data-testid="no-profile">No catalog profile is linked to this wallet.</p>
          <ProfileSearch />
        </div>
      )}
    </section>
  );
}
