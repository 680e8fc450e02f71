import type { JSX } from 'preact';
import { useState } from 'preact/hooks';
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
  const [fresh, reload, show] = useAsync(() => sendMessage('getCatalogProfile'), [props.address]);
  // A link or unlink in this popup is the person's own change: no "Updated just now" for it.
  const [changedHere, setChangedHere] = useState(false);
  const onLinked = (profile: WalletCatalogProfile | null): void => {
    setChangedHere(true);
    show(profile);
  };
  const cached = props.cached;
  let body: JSX.Element;
  if (fresh.status === 'done') {
    const changed = !changedHere && cached !== null && !sameData(cached.profile, fresh.value);
    body = (
      <>
        <Profile value={fresh.value} onLinked={onLinked} />
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
        <Profile value={cached.profile} onLinked={onLinked} />
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

function Profile(props: {
  value: WalletCatalogProfile | null;
  onLinked: (profile: WalletCatalogProfile | null) => void;
}): JSX.Element {
  if (!props.value) {
    return (
      <div class="card stack-sm">
        <p data-testid="no-profile">No catalog profile is linked to this wallet.</p>
        <p class="muted small">Find yours, and click it to show it here.</p>
        <ProfileSearch onLinked={props.onLinked} />
      </div>
    );
  }
  return (
    <>
      <ProfileCard
        profile={props.value.user}
        topTracks={props.value.topTracks}
        chosen={props.value.chosen === true}
      />
      {props.value.chosen ? <ChosenNote onUnlinked={props.onLinked} /> : null}
    </>
  );
}

/** A profile the person picked: said plainly, with the way back. */
function ChosenNote(props: { onUnlinked: (profile: WalletCatalogProfile | null) => void }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function unlink(): Promise<void> {
    setBusy(true);
    setError(null);
    try {
      props.onUnlinked(await sendMessage('catalog.unlink'));
    } catch (failure) {
      setError(describeError(failure));
      setBusy(false);
    }
  }
  return (
    <div class="stack-sm" data-testid="profile-chosen">
      <p class="muted small">
        Linked by you in Encore. The catalog itself does not list this wallet as this profile’s:
        sites still see no profile for it.
      </p>
      {error ? <p class="field-error">{error}</p> : null}
      <button
        type="button"
        class="btn btn-secondary btn-sm"
        data-testid="profile-unlink"
        disabled={busy}
        onClick={() => void unlink()}
      >
        {busy ? <Spinner /> : null} Unlink
      </button>
    </div>
  );
}
