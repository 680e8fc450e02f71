import type { User } from '@encore-wallet/catalog';
import type { JSX } from 'preact';
import { useState } from 'preact/hooks';
import { describeError, Spinner, useAsync } from '../../../lib/extension/ui/index.ts';
import {
  DEFAULT_TRACK_SEARCH,
  LIBRARY_TABS,
  type LibraryReader,
  type LibraryTab,
  type TrackSearch as Search,
} from '../../../lib/library/index.ts';
import { PagedList } from './PagedList.tsx';
import { ProfileHeader } from './ProfileHeader.tsx';
import { RelatedStrip } from './RelatedStrip.tsx';
import { type TabInfo, Tabs } from './Tabs.tsx';
import { TrackSearch } from './TrackSearch.tsx';

const LABELS: Record<LibraryTab, string> = {
  tracks: 'Tracks',
  favorites: 'Favorites',
  reposts: 'Reposts',
  playlists: 'Playlists',
  following: 'Following',
  followers: 'Followers',
  supporters: 'Supporters',
  supporting: 'Supporting',
};

/**
 * The count beside each tab: what the catalog states on the user, and for Favorites (which it
 * states none for) the length of the favorites list, once read.
 */
function countOf(user: User | null, tab: LibraryTab, favorites: number | null): number | null {
  if (!user) return null;
  const counts: Record<LibraryTab, number | null | undefined> = {
    tracks: user.track_count,
    favorites,
    reposts: user.repost_count,
    playlists: user.playlist_count + user.album_count,
    following: user.followee_count,
    followers: user.follower_count,
    supporters: user.supporter_count,
    supporting: user.supporting_count,
  };
  return counts[tab] ?? null;
}

/** One person's library: who, related artists, and a tab per list. */
export function LibraryView(props: {
  reader: LibraryReader;
  userId: string;
  ownAddress: string | null;
  onOpenUser: (userId: string | null) => void;
  own?: boolean;
}): JSX.Element {
  const [tab, setTab] = useState<LibraryTab>('tracks');
  const [search, setSearch] = useState<Search>(DEFAULT_TRACK_SEARCH);
  const [profile, retryProfile] = useAsync(
    () => props.reader.user(props.userId, new AbortController().signal),
    [props.reader, props.userId],
  );
  const [favorites] = useAsync(
    () => props.reader.favoriteCount(props.userId, new AbortController().signal),
    [props.reader, props.userId],
  );
  const user = profile.status === 'done' ? profile.value : null;
  const favoriteCount = favorites.status === 'done' ? favorites.value : null;
  const tabs: TabInfo[] = LIBRARY_TABS.map((id) => ({
    id,
    label: LABELS[id],
    count: countOf(user, id, favoriteCount),
  }));
  const changeSearch = (next: Search): void => {
    if (JSON.stringify(next) !== JSON.stringify(search)) setSearch(next);
  };

  return (
    <div class="library-view">
      {profile.status === 'loading' ? (
        <p class="library-state muted" role="status">
          <Spinner /> Loading profile…
        </p>
      ) : profile.status === 'error' ? (
        <div class="library-state alert alert-error" role="alert">
          <span data-testid="library-error">{describeError(profile.error)}</span>{' '}
          <button type="button" class="btn btn-secondary btn-sm" onClick={retryProfile}>
            Try again
          </button>
        </div>
      ) : (
        <ProfileHeader user={profile.value} readOnly={!props.own} />
      )}
      {!props.own && props.ownAddress !== null ? (
        <button
          type="button"
          class="btn btn-ghost btn-sm back"
          data-testid="library-back-to-mine"
          onClick={() => props.onOpenUser(null)}
        >
          ← My library
        </button>
      ) : null}
      <RelatedStrip reader={props.reader} userId={props.userId} onOpenUser={props.onOpenUser} />
      <Tabs tabs={tabs} selected={tab} onSelect={setTab} />
      <section
        id="library-panel"
        class="tab-panel"
        role="tabpanel"
        aria-labelledby={`library-tab-${tab}`}
        data-testid={`library-panel-${tab}`}
      >
        {tab === 'tracks' ? <TrackSearch onChange={changeSearch} /> : null}
        <PagedList
          reader={props.reader}
          userId={props.userId}
          tab={tab}
          search={tab === 'tracks' ? search : {}}
          onOpenUser={props.onOpenUser}
        />
      </section>
    </div>
  );
}
