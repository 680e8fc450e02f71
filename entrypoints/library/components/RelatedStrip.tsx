import type { JSX } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import {
  LibraryCancelledError,
  type LibraryItem,
  type LibraryReader,
} from '../../../lib/library/index.ts';
import { Artwork } from './Artwork.tsx';
import { VerifiedMark } from './VerifiedMark.tsx';

/** Artists the catalog relates to this person; each opens their library. Hidden when none. */
export function RelatedStrip(props: {
  reader: LibraryReader;
  userId: string;
  onOpenUser: (userId: string) => void;
}): JSX.Element | null {
  const [items, setItems] = useState<LibraryItem[] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const controller = new AbortController();
    setItems(null);
    setFailed(false);
    props.reader.related(props.userId, controller.signal).then(setItems, (error: unknown) => {
      if (!(error instanceof LibraryCancelledError)) setFailed(true);
    });
    return () => controller.abort();
  }, [props.reader, props.userId]);
  if (failed) {
    return <p class="related muted small">Related artists could not be loaded.</p>;
  }
  if (!items || items.length === 0) return null;
  return (
    <section class="related" aria-labelledby="related-title" data-testid="library-related">
      <h2 id="related-title" class="subtle-title">
        Related artists
      </h2>
      <ul class="related-list">
        {items.map((u) => (
          <li key={u.id}>
            <button type="button" class="related-person" onClick={() => props.onOpenUser(u.id)}>
              <Artwork url={u.imageUrl} name={u.title} round size={56} />
              <span class="related-name">
                {u.title}
                {u.verified ? <VerifiedMark /> : null}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
