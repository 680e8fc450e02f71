import type { JSX } from 'preact';
import type { CatalogProfile, CatalogTrackSummary } from '../../../lib/extension/catalog/index.ts';
import { formatCount } from '../../../lib/extension/ui/index.ts';
import { ProfilePicture } from './ProfilePicture.tsx';
import { VerifiedMark } from './VerifiedMark.tsx';

export function ProfileCard(props: {
  profile: CatalogProfile;
  topTracks: CatalogTrackSummary[];
  /** Picked in the popup's search: the library opens this user, not the wallet's lookup. */
  chosen?: boolean;
}): JSX.Element {
  const { profile } = props;
  return (
    <div class="card profile">
      <div class="profile-head">
        <ProfilePicture url={profile.pictureUrl} name={profile.name} size={52} />
        <div class="profile-names">
          <p class="profile-name">
            <span data-testid="profile-name">{profile.name}</span>
            {profile.verified ? <VerifiedMark /> : null}
          </p>
          <p class="muted" data-testid="profile-handle">
            @{profile.handle}
          </p>
        </div>
      </div>
      <dl class="counts">
        <div>
          <dt>Followers</dt>
          <dd>{formatCount(profile.followerCount)}</dd>
        </div>
        <div>
          <dt>Following</dt>
          <dd>{formatCount(profile.followingCount)}</dd>
        </div>
        <div>
          <dt>Tracks</dt>
          <dd>{formatCount(profile.trackCount)}</dd>
        </div>
      </dl>
      <a
        class="btn btn-secondary btn-sm"
        href={
          props.chosen ? `/library.html?user=${encodeURIComponent(profile.id)}` : '/library.html'
        }
        target="_blank"
        data-testid="open-library"
        rel="noopener"
      >
        Open library
      </a>
      {props.topTracks.length > 0 ? (
        <div class="stack-sm">
          <h3 class="subtle-title">Top tracks</h3>
          <ol class="tracks">
            {props.topTracks.map((track) => (
              <li key={track.id} class="track">
                <ProfilePicture url={track.artworkUrl} name={track.title} size={28} />
                <span class="track-title">{track.title}</span>
                <span class="muted small">{formatCount(track.playCount)} plays</span>
              </li>
            ))}
          </ol>
        </div>
      ) : null}
    </div>
  );
}
