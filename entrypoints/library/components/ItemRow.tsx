import type { JSX } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { describeError, formatCount, Spinner } from '../../../lib/extension/ui/index.ts';
import {
  LibraryCancelledError,
  type LibraryItem,
  type LibraryReader,
} from '../../../lib/library/index.ts';
import { Artwork } from './Artwork.tsx';
import { VerifiedMark } from './VerifiedMark.tsx';

const SINGULAR: Record<string, string> = {
  plays: 'play',
  favorites: 'favorite',
  reposts: 'repost',
  followers: 'follower',
  tracks: 'track',
};

/** One track, playlist or person: picture, name (a link to the public site), counts. */
export function ItemRow(props: {
  item: LibraryItem;
  reader: LibraryReader;
  onOpenUser: (userId: string) => void;
}): JSX.Element {
  const { item } = props;
  const [open, setOpen] = useState(false);
  return (
    <li class="item" data-testid="library-item" data-kind={item.kind}>
      <div class="item-main">
        <Artwork url={item.imageUrl} name={item.title} round={item.kind === 'user'} />
        <div class="item-text">
          <p class="item-title">
            <a href={item.link} target="_blank" rel="noopener noreferrer">
              {item.title}
            </a>
            {item.kind === 'user' && item.verified ? <VerifiedMark /> : null}
          </p>
          <p class="item-subtitle muted small">
            {item.subtitle}
            {/* On a track or playlist the mark is its owner's. */}
            {item.kind !== 'user' && item.verified ? <VerifiedMark /> : null}
          </p>
          <p class="item-counts muted small">
            {item.counts.map((c) => (
              <span key={c.label}>
                {formatCount(c.value)} {c.value === 1 ? (SINGULAR[c.label] ?? c.label) : c.label}
              </span>
            ))}
            {item.amount !== undefined ? <span>{formatTip(item.amount)} AUDIO tipped</span> : null}
          </p>
        </div>
        {item.userId !== null ? (
          <button
            type="button"
            class="btn btn-ghost btn-sm"
            data-testid="library-open-user"
            onClick={() => props.onOpenUser(item.userId!)}
          >
            Library
          </button>
        ) : null}
        {item.kind === 'playlist' ? (
          <button
            type="button"
            class="btn btn-ghost btn-sm"
            aria-expanded={open}
            data-testid="library-playlist-toggle"
            onClick={() => setOpen(!open)}
          >
            {open ? 'Hide tracks' : 'Tracks'}
          </button>
        ) : null}
      </div>
      {open ? <PlaylistTracks id={item.id} reader={props.reader} /> : null}
    </li>
  );
}

function PlaylistTracks(props: { id: string; reader: LibraryReader }): JSX.Element {
  const [state, setState] = useState<
    | { status: 'loading' }
    | { status: 'error'; error: unknown }
    | { status: 'done'; items: LibraryItem[] }
  >({ status: 'loading' });
  const attempt = useRef(0);
  const [tries, setTries] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    const id = ++attempt.current;
    setState({ status: 'loading' });
    props.reader.playlistTracks(props.id, controller.signal).then(
      (items) => id === attempt.current && setState({ status: 'done', items }),
      (error: unknown) =>
        id === attempt.current &&
        !(error instanceof LibraryCancelledError) &&
        setState({ status: 'error', error }),
    );
    return () => controller.abort();
  }, [props.id, tries]);
  if (state.status === 'loading') {
    return (
      <p class="playlist-tracks muted small" role="status">
        <Spinner /> Loading tracks…
      </p>
    );
  }
  if (state.status === 'error') {
    return (
      <p class="playlist-tracks small">
        {describeError(state.error)}{' '}
        <button type="button" class="btn btn-secondary btn-sm" onClick={() => setTries(tries + 1)}>
          Try again
        </button>
      </p>
    );
  }
  if (state.items.length === 0) return <p class="playlist-tracks muted small">No tracks.</p>;
  return (
    <ol class="playlist-tracks" data-testid="library-playlist-tracks">
      {state.items.map((t) => (
        <li key={t.id}>
          <a href={t.link} target="_blank" rel="noopener noreferrer">
            {t.title}
          </a>{' '}
          <span class="muted small">{t.subtitle}</span>
        </li>
      ))}
    </ol>
  );
}

/** Tips are integer amounts with 18 decimals (wei-style): shown as a short whole number. */
function formatTip(amount: string): string {
  if (!/^\d+$/.test(amount)) return amount;
  const whole = amount.length > 18 ? amount.slice(0, -18) : '0';
  return formatCount(Number(whole));
}
