import type { JSX } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import type { CachedProfile } from '../../../lib/extension/session/index.ts';
import { describeError, Spinner } from '../../../lib/extension/ui/index.ts';
import { AccountCard } from './AccountCard.tsx';
import { sendMessage, type WalletState } from './api.ts';
import { BalanceLine } from './BalanceLine.tsx';
import { ConnectedSites } from './ConnectedSites.tsx';
import { KeepPhraseCard } from './KeepPhraseCard.tsx';
import { lazyComponent, loadingFallback } from './lazy-component.ts';
import { ProfileSection } from './ProfileSection.tsx';
import { lockAction, strongerLock } from './record-lock.ts';
import { useViewFocus } from './use-view-focus.ts';
import { ValueWatchCard } from './ValueWatchCard.tsx';

// A view's first field, else its heading (the account card above every view has none).
const VIEW_START = ['[autofocus]', 'h2'] as const;

// Their own chunks, loaded when asked for: the password form brings the wallet core's password
// policy, the recovery phrase the clipboard guard and its schemas (zod), neither of which the
// first paint needs.
const ChangePasswordForm = lazyComponent(() =>
  import('./ChangePasswordForm.tsx').then((m) => m.ChangePasswordForm),
);
const ActivityView = lazyComponent(
  () => import('./ActivityView.tsx').then((m) => m.ActivityView),
  loadingFallback,
);
const TokensView = lazyComponent(
  () => import('./TokensView.tsx').then((m) => m.TokensView),
  loadingFallback,
);
const RecoveryPhrase = lazyComponent(
  () => import('./RecoveryPhrase.tsx').then((m) => m.RecoveryPhrase),
  loadingFallback,
);
const MoveOutView = lazyComponent(
  () => import('./MoveOutView.tsx').then((m) => m.MoveOutView),
  loadingFallback,
);
const PrivateKeyExport = lazyComponent(
  () => import('./PrivateKeyExport.tsx').then((m) => m.PrivateKeyExport),
  loadingFallback,
);
const PermissionsView = lazyComponent(
  () => import('./PermissionsView.tsx').then((m) => m.PermissionsView),
  loadingFallback,
);
const StrengthenView = lazyComponent(
  () => import('./StrengthenView.tsx').then((m) => m.StrengthenView),
  loadingFallback,
);

export interface WalletViewProps {
  address: string;
  username: string | null;
  pendingApprovals: number;
  /** The last profile lookup, shown while a fresh one runs. */
  cachedProfile: CachedProfile | null;
  onSignedOut: (state: WalletState) => void;
}

export function WalletView(props: WalletViewProps): JSX.Element {
  const [changing, setChanging] = useState(false);
  const [recovery, setRecovery] = useState(false);
  // Views of their own, like the phrase: moving everything out, and the private key.
  const [moving, setMoving] = useState(false);
  const [keyExport, setKeyExport] = useState(false);
  const [strengthen, setStrengthen] = useState(false);
  // Opened as a window by wallet_showCallsStatus: straight to the Activity list.
  const [activity, setActivity] = useState(
    () => new URLSearchParams(location.search).get('view') === 'activity',
  );
  const [tokens, setTokens] = useState(false);
  const [permissions, setPermissions] = useState(false);
  // Spend permissions not revoked (from the store, no chain read): the logout says they stay.
  const [liveGrants, setLiveGrants] = useState(0);
  // The word for the record's way to a stronger lock, the value card's own ("Harden" where a key
  // holder is set, else "Strengthen"): the button waits for the worker's answer rather than
  // showing one word and then the other.
  const [lockWord, setLockWord] = useState<string | null>(null);
  const [leaving, setLeaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // Null until the worker answers (and if it cannot): no reminder rather than a wrong one.
  const [phraseKept, setPhraseKept] = useState<boolean | null>(null);
  // "Remind me later": for as long as this popup stays open.
  const [remindLater, setRemindLater] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const view = recovery
    ? 'recovery'
    : moving
      ? 'move'
      : keyExport
        ? 'key'
        : strengthen
          ? 'strengthen'
          : activity
            ? 'activity'
            : tokens
              ? 'tokens'
              : permissions
                ? 'permissions'
                : changing
                  ? 'password'
                  : 'wallet';
  useViewFocus(view, 'wallet', root, VIEW_START, true);

  useEffect(() => {
    let current = true;
    setPhraseKept(null);
    sendMessage('recoveryPhrase.status').then(
      ({ kept }) => current && setPhraseKept(kept),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [props.address]);

  useEffect(() => {
    let current = true;
    sendMessage('strengthen.status').then(
      ({ format, keyHolder }) => {
        const found = format ?? (keyHolder ? 'hardened' : 'strong');
        if (current) setLockWord(lockAction(strongerLock(found, keyHolder) ?? found));
      },
      () => current && setLockWord(lockAction('strong')),
    );
    return () => {
      current = false;
    };
  }, [props.address, strengthen]);

  useEffect(() => {
    let current = true;
    sendMessage('permissions.list').then(
      ({ grants }) =>
        current &&
        setLiveGrants(
          grants.filter((grant) => !grant.revoked && grant.expiry * 1000 > Date.now()).length,
        ),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [props.address, permissions]);

  async function logout(): Promise<void> {
    setLeaving(true);
    setError(null);
    try {
      props.onSignedOut(await sendMessage('logout'));
    } catch (failure) {
      setError(describeError(failure));
      setLeaving(false);
    }
  }

  // A view of its own: the phrase is the only thing on screen while it is shown.
  if (recovery) {
    return (
      <div class="stack" ref={root}>
        <AccountCard address={props.address} username={props.username} />
        <RecoveryPhrase
          address={props.address}
          onClose={() => setRecovery(false)}
          onKept={() => {
            setPhraseKept(true);
            setRecovery(false);
          }}
        />
      </div>
    );
  }
  if (moving || keyExport) {
    const toPhrase = () => {
      setMoving(false);
      setKeyExport(false);
      setRecovery(true);
    };
    return (
      <div class="stack" ref={root}>
        <AccountCard address={props.address} username={props.username} />
        {moving ? (
          <MoveOutView
            address={props.address}
            onClose={() => setMoving(false)}
            onShowPhrase={toPhrase}
            onLogout={() => void logout()}
          />
        ) : (
          <PrivateKeyExport onClose={() => setKeyExport(false)} onShowPhrase={toPhrase} />
        )}
      </div>
    );
  }
  if (strengthen) {
    return (
      <div class="stack" ref={root}>
        <AccountCard address={props.address} username={props.username} />
        <StrengthenView onClose={() => setStrengthen(false)} />
      </div>
    );
  }
  if (activity) {
    return (
      <div class="stack" ref={root}>
        <AccountCard address={props.address} username={props.username} />
        <BalanceLine account={props.address} />
        <ActivityView account={props.address} onClose={() => setActivity(false)} />
      </div>
    );
  }
  if (permissions) {
    return (
      <div class="stack" ref={root}>
        <AccountCard address={props.address} username={props.username} />
        <PermissionsView account={props.address} onClose={() => setPermissions(false)} />
      </div>
    );
  }
  if (tokens) {
    return (
      <div class="stack" ref={root}>
        <AccountCard address={props.address} username={props.username} />
        <TokensView account={props.address} onClose={() => setTokens(false)} />
      </div>
    );
  }
  return (
    <div class="stack" ref={root}>
      <AccountCard address={props.address} username={props.username} />
      <div class="balance-row">
        <BalanceLine account={props.address} />
        <button
          type="button"
          class="btn btn-secondary btn-sm"
          data-testid="show-tokens"
          onClick={() => setTokens(true)}
        >
          Tokens
        </button>
        <button
          type="button"
          class="btn btn-secondary btn-sm"
          data-testid="show-activity"
          onClick={() => setActivity(true)}
        >
          Activity
        </button>
      </div>
      <ValueWatchCard
        account={props.address}
        onStrengthen={() => setStrengthen(true)}
        onMove={() => setMoving(true)}
      />
      {phraseKept === false && !remindLater ? (
        <KeepPhraseCard onShow={() => setRecovery(true)} onLater={() => setRemindLater(true)} />
      ) : null}
      {props.pendingApprovals > 0 ? (
        <p class="alert alert-info" role="status">
          {props.pendingApprovals === 1
            ? 'A site is waiting for your approval.'
            : `${props.pendingApprovals} requests are waiting for your approval.`}
        </p>
      ) : null}
      <ProfileSection address={props.address} cached={props.cachedProfile} />
      <ConnectedSites account={props.address} />
      {changing ? <ChangePasswordForm onClose={() => setChanging(false)} /> : null}
      {error ? (
        <p class="alert alert-error" role="alert" data-testid="form-error">
          {error}
        </p>
      ) : null}
      <div class="actions account-actions">
        {changing ? null : (
          <button type="button" class="btn btn-secondary" onClick={() => setChanging(true)}>
            Change password
          </button>
        )}
        <button
          type="button"
          class="btn btn-secondary"
          data-testid="show-recovery"
          onClick={() => setRecovery(true)}
        >
          Recovery phrase
        </button>
        <button
          type="button"
          class="btn btn-secondary"
          data-testid="show-private-key"
          onClick={() => setKeyExport(true)}
        >
          Private key
        </button>
        <button
          type="button"
          class="btn btn-secondary"
          data-testid="show-permissions"
          onClick={() => setPermissions(true)}
        >
          Permissions
        </button>
        <button
          type="button"
          class="btn btn-secondary"
          data-testid="show-move"
          onClick={() => setMoving(true)}
        >
          Move everything
        </button>
        {lockWord ? (
          <button
            type="button"
            class="btn btn-secondary"
            data-testid="show-strengthen"
            onClick={() => setStrengthen(true)}
          >
            {lockWord}
          </button>
        ) : null}
      </div>
      {liveGrants > 0 ? (
        <p class="muted small" id="logout-keeps-grants" data-testid="logout-keeps-grants">
          {liveGrants === 1
            ? 'Logging out keeps your spend permission: it lives on chain, and its site can still take payments. '
            : `Logging out keeps your ${liveGrants} spend permissions: they live on chain, and their sites can still take payments. `}
          Revoke under Permissions to stop them.
        </p>
      ) : null}
      <div class="actions">
        <button
          type="button"
          class="btn btn-danger"
          data-testid="logout"
          aria-describedby={liveGrants > 0 ? 'logout-keeps-grants' : undefined}
          disabled={leaving}
          onClick={() => void logout()}
        >
          {leaving ? <Spinner /> : null} Log out
        </button>
      </div>
    </div>
  );
}
