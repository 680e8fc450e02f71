import type { User } from '@encore-wallet/catalog';
import { pickImage } from '@encore-wallet/catalog';
import type { JSX } from 'preact';
import { formatCount } from '../../../lib/extension/ui/index.ts';
import { publicLinkOf } from '../../../lib/library/index.ts';
import { Artwork } from './Artwork.tsx';
import { VerifiedMark } from './VerifiedMark.tsx';

/** Whose library this is, with a link to their page on the public site. */
export function ProfileHeader(props: { user: User; readOnly: boolean }): JSX.Element {
  const { user } = props;
  return (
    <section class="library-profile" aria-labelledby="library-name">
      <Artwork url={pickImage(user.profile_picture)} name={user.name} round size={72} />
      <div class="library-profile-text">
        <h1 id="library-name" class="library-name">
          <span data-testid="library-user-name">{user.name}</span>
          {user.is_verified ? <VerifiedMark /> : null}
        </h1>
        <p class="muted">
          <a
            href={publicLinkOf({ kind: 'user', handle: user.handle })}
            target="_blank"
            rel="noopener noreferrer"
            data-testid="library-user-handle"
          >
            @{user.handle}
          </a>
          {props.readOnly ? (
            <span class="badge" data-testid="library-read-only">
              Public library · read-only
            </span>
          ) : null}
        </p>
        <p class="muted small">
          {formatCount(user.follower_count)} followers · {formatCount(user.followee_count)}{' '}
          following · {formatCount(user.track_count)} tracks
        </p>
      </div>
    </section>
  );
}
