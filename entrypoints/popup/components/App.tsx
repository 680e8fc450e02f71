import type { JSX } from 'preact';
import { useRef } from 'preact/hooks';
import { describeError, Spinner } from '../../../lib/extension/ui/index.ts';
import { loadSnapshotState, loadWalletState, type WalletState } from './api.ts';
import { Header } from './Header.tsx';
import { lazyComponent } from './lazy-component.ts';
import { useViewFocus } from './use-view-focus.ts';
import { useWalletState } from './use-wallet-state.ts';
import { WalletView } from './WalletView.tsx';

// Signed in: the wallet's own card; signed out: the form's first field.
const VIEW_START = ['[autofocus]', '[data-view-start]'] as const;

// Its own chunk: a logged-in popup never loads the password policy and scrypt it brings.
const AuthForm = lazyComponent(() => import('./AuthForm.tsx').then((m) => m.AuthForm));

/**
 * `load`: how the worker's state is asked for; `snapshot`: how the session snapshot is read from
 * storage, shown until the worker answers (main.tsx hands over the requests it already started).
 */
export function App(props: {
  load?: () => Promise<WalletState>;
  snapshot?: () => Promise<WalletState | null>;
}): JSX.Element {
  const [state, reload, setState] = useWalletState(
    props.load ?? loadWalletState,
    props.snapshot ?? loadSnapshotState,
  );
  const main = useRef<HTMLElement>(null);
  const view =
    state.status === 'done'
      ? state.value.loggedIn && state.value.address
        ? 'wallet'
        : 'signed-out'
      : null;
  useViewFocus(view, null, main, VIEW_START);
  return (
    <div class="popup">
      <Header />
      <main class="popup-main" ref={main}>
        {state.status === 'loading' ? (
          <div class="center muted" role="status">
            <Spinner /> Loading your wallet…
          </div>
        ) : state.status === 'error' ? (
          <div class="stack">
            <p class="alert alert-error" role="alert" data-testid="form-error">
              {describeError(state.error)}
            </p>
            <button type="button" class="btn btn-secondary" onClick={reload}>
              Try again
            </button>
          </div>
        ) : state.value.loggedIn && state.value.address ? (
          <WalletView
            address={state.value.address}
            username={state.value.username}
            pendingApprovals={state.value.pendingApprovals}
            cachedProfile={state.value.cachedProfile}
            onSignedOut={setState}
          />
        ) : (
          <AuthForm onSignedIn={setState} sessionLost={state.value.sessionLost} />
        )}
      </main>
    </div>
  );
}
