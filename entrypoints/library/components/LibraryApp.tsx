import type { JSX } from 'preact';
import { useCallback, useEffect, useState } from 'preact/hooks';
import { AppHeader, describeError, Spinner, useAsync } from '../../../lib/extension/ui/index.ts';
import type { LibraryReader } from '../../../lib/library/index.ts';
import { LibraryView } from './LibraryView.tsx';
import { type LibrarySetup, viewedUserFromUrl } from './library-setup.ts';
import { UserSearch } from './UserSearch.tsx';

/** The library page: whose library to show (the wallet's own, or `?user=`), then that library. */
export function LibraryApp(props: { setUp: () => Promise<LibrarySetup> }): JSX.Element {
  const [setup, retrySetup] = useAsync(props.setUp, []);
  const [viewed, setViewed] = useState(() => viewedUserFromUrl(location.search));

  useEffect(() => {
    const onPop = (): void => setViewed(viewedUserFromUrl(location.search));
    addEventListener('popstate', onPop);
    return () => removeEventListener('popstate', onPop);
  }, []);

  // In-page navigation keeps the session cache: going back to a library shows it at once.
  const openUser = useCallback((userId: string | null) => {
    history.pushState(null, '', userId === null ? location.pathname : `?user=${userId}`);
    setViewed(userId);
    scrollTo(0, 0);
  }, []);

  if (setup.status !== 'done') {
    return (
      <Shell>
        {setup.status === 'loading' ? (
          <p class="library-state muted" role="status">
            <Spinner /> Opening your library…
          </p>
        ) : (
          <div class="library-state alert alert-error" role="alert">
            {describeError(setup.error)}{' '}
            <button type="button" class="btn btn-secondary btn-sm" onClick={retrySetup}>
              Try again
            </button>
          </div>
        )}
      </Shell>
    );
  }
  const { reader, address } = setup.value;
  return (
    <Shell reader={reader} onOpenUser={openUser}>
      {viewed !== null ? (
        <LibraryView reader={reader} userId={viewed} ownAddress={address} onOpenUser={openUser} />
      ) : address === null ? (
        <p class="library-state card" data-testid="library-logged-out">
          Log in from the Encore popup to see your library, or find a person above to browse theirs.
        </p>
      ) : (
        <OwnLibrary reader={reader} address={address} onOpenUser={openUser} />
      )}
    </Shell>
  );
}

function Shell(props: {
  reader?: LibraryReader;
  onOpenUser?: (userId: string | null) => void;
  children: JSX.Element | JSX.Element[];
}): JSX.Element {
  return (
    <div class="library">
      <AppHeader>
        <span class="header-title">Library</span>
        {props.reader && props.onOpenUser ? (
          <UserSearch reader={props.reader} onOpenUser={props.onOpenUser} />
        ) : null}
      </AppHeader>
      <main>{props.children}</main>
    </div>
  );
}

/** The wallet's catalog user, looked up by address; an honest "none" when there is none. */
function OwnLibrary(props: {
  reader: LibraryReader;
  address: string;
  onOpenUser: (userId: string | null) => void;
}): JSX.Element {
  const [own, retry] = useAsync(() => {
    const controller = new AbortController();
    return props.reader.userIdByWallet(props.address, controller.signal);
  }, [props.reader, props.address]);
  if (own.status === 'loading') {
    return (
      <p class="library-state muted" role="status">
        <Spinner /> Looking up your catalog profile…
      </p>
    );
  }
  if (own.status === 'error') {
    return (
      <div class="library-state alert alert-error" role="alert">
        <span data-testid="library-error">{describeError(own.error)}</span>{' '}
        <button type="button" class="btn btn-secondary btn-sm" onClick={retry}>
          Try again
        </button>
      </div>
    );
  }
  if (own.value === null) {
    return (
      <p class="library-state card" data-testid="library-no-user">
        No catalog profile is linked to this wallet, so there is no library to show. Find a person
        above to browse theirs.
      </p>
    );
  }
  return (
    <LibraryView
      reader={props.reader}
      userId={own.value}
      ownAddress={props.address}
      onOpenUser={props.onOpenUser}
      own
    />
  );
}
