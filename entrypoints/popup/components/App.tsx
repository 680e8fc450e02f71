import type { JSX } from 'preact';
import { describeError, Spinner, useAsync } from '../../../lib/extension/ui/index.ts';
import { AuthForm } from './AuthForm.tsx';
import { loadWalletState } from './api.ts';
import { Header } from './Header.tsx';
import { WalletView } from './WalletView.tsx';

export function App(): JSX.Element {
  const [state, reload, setState] = useAsync(loadWalletState, []);
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
          <AuthForm onSignedIn={setState} />
        )}
      </main>
    </div>
  );
}
