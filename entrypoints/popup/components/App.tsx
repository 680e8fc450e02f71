import type { JSX } from 'preact';
import { describeError, Spinner, useAsync } from '../../../lib/extension/ui/index.ts';
import { loadWalletState, type WalletState } from './api.ts';
import { Header } from './Header.tsx';
import { lazyComponent } from './lazy-component.ts';
import { WalletView } from './WalletView.tsx';

// Its own chunk: a logged-in popup never loads the password policy and scrypt it brings.
const AuthForm = lazyComponent(() => import('./AuthForm.tsx').then((m) => m.AuthForm));

/** `load`: how the wallet state is read (main.tsx hands over the request it already sent). */
export function App(props: { load?: () => Promise<WalletState> }): JSX.Element {
  const [state, reload, setState] = useAsync(props.load ?? loadWalletState, []);
  return (
    <div class="popup">
      <Header />
      <main class="popup-main">
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
