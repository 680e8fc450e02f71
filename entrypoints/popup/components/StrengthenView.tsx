import type { JSX } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { describeError, Spinner } from '../../../lib/extension/ui/index.ts';
import { type MessageMap, sendMessage } from './api.ts';
import { PasswordConfirm } from './PasswordConfirm.tsx';
import { strongerLock } from './record-lock.ts';

type StrengthenStatus = MessageMap['strengthen.status']['result'];

type Phase =
  | { kind: 'form' }
  | { kind: 'working'; startedAt: number }
  | { kind: 'done'; alreadyStrong: boolean };

/**
 * Re-encrypts the logged-in wallet's record, after the password: hardened where a key holder is
 * configured (a copied database then tests no password), else under a key 4.5 times as costly per
 * password guess (the wallet core's strengthened format). Opened from the account actions, or by
 * anything that offers it (`onStrengthen` of the value card).
 */
export function StrengthenView(props: { onClose: () => void }): JSX.Element {
  const [status, setStatus] = useState<StrengthenStatus | null>(null);
  const [password, setPassword] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [phase, setPhase] = useState<Phase>({ kind: 'form' });
  const [error, setError] = useState<string | null>(null);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    let current = true;
    sendMessage('strengthen.status').then(
      (answer) => current && setStatus(answer),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, []);

  useEffect(() => {
    if (phase.kind !== 'working') return;
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [phase.kind]);

  async function submit(event: Event): Promise<void> {
    event.preventDefault();
    setSubmitted(true);
    if (!password || phase.kind === 'working') return;
    setError(null);
    const startedAt = Date.now();
    setNow(startedAt);
    setPhase({ kind: 'working', startedAt });
    try {
      const result = await sendMessage('strengthen', { password });
      setPassword('');
      setPhase({ kind: 'done', alreadyStrong: result.alreadyStrong });
    } catch (failure) {
      setError(describeError(failure, 'password'));
      setPhase({ kind: 'form' });
    }
  }

  // Hardening wherever a key holder is configured; the worker's core chooses the same way.
  const hardens = status?.keyHolder === true;
  const format = status?.format ?? null;
  if (phase.kind === 'done' || (format !== null && strongerLock(format, hardens) === null)) {
    const already = phase.kind === 'done' ? phase.alreadyStrong : true;
    return (
      <div class="card stack" data-testid="strengthen-view">
        <h2 class="card-title">{hardens ? 'Hardened wallet' : 'Strengthened wallet'}</h2>
        <p class="alert alert-success" role="status" data-testid="strengthen-done">
          {already
            ? `This wallet’s record is already ${hardens ? 'hardened' : 'strengthened'}.`
            : 'Done: the record is re-encrypted, and the old one is gone from the backend.'}
        </p>
        <p class="muted">
          {hardens
            ? 'A stolen copy of the backend’s records can no longer test your password: each guess has to be asked of the key holder, which limits them. Log in with the same username and password, in any browser with Encore set to the same key holder.'
            : 'Each guess at your password now costs 4.5 times as much against a stolen copy of the backend’s records. Logging in takes a moment longer; log in with the same username and password, in any browser with Encore.'}
        </p>
        <div class="actions">
          <button type="button" class="btn btn-secondary" onClick={props.onClose}>
            Close
          </button>
        </div>
      </div>
    );
  }

  const working = phase.kind === 'working';
  const busyElsewhere = status?.loginInProgress === true;
  return (
    <form
      class="card stack"
      data-testid="strengthen-view"
      onSubmit={(event) => void submit(event)}
      noValidate
    >
      <h2 class="card-title">{hardens ? 'Harden this wallet' : 'Strengthen this wallet'}</h2>
      {hardens ? (
        <p class="muted intro">
          Whoever copies the backend’s records can test guesses at your password on their own
          computers. This re-encrypts your wallet under a key that needs both your password and an
          answer from the key holder, which never sees the password and limits guesses, and replaces
          the record the backend keeps: a copied database then cannot test your password. Your
          address, funds and recovery phrase stay the same.
        </p>
      ) : (
        <p class="muted intro">
          A password wallet is only as strong as the cost of guessing its password. This re-encrypts
          your wallet under a key that costs 4.5 times as much per guess (scrypt above OWASP’s
          minimum), and replaces the record the backend keeps. Your address, funds and recovery
          phrase stay the same.
        </p>
      )}
      <p class="alert alert-info" data-testid="strengthen-hedgehog-note">
        Apps that open wallets with Audius’ own Hedgehog library (<code>@audius/hedgehog</code>)
        cannot open a {hardens ? 'hardened' : 'strengthened'} record: only Encore can
        {hardens ? ', while the key holder answers' : ', in any browser'}.
      </p>
      {busyElsewhere ? (
        <p class="alert alert-info" role="status" data-testid="strengthen-login-busy">
          A login is under way in another tab or window. Let it finish first.
        </p>
      ) : null}
      <PasswordConfirm
        fieldTestId="strengthen-password"
        password={password}
        onPassword={setPassword}
        submitted={submitted}
        busy={working}
        error={error}
        autoFocus
        onCancel={props.onClose}
        submitLabel={hardens ? 'Harden' : 'Strengthen'}
        submitTestId="strengthen-submit"
      >
        {working ? (
          <p class="muted" role="status" data-testid="strengthen-progress">
            <Spinner /> Checking your password, then deriving the stronger key
            {hardens ? ' with the key holder' : ''} and replacing the record…{' '}
            {Math.max(0, Math.round((now - phase.startedAt) / 1000))} s
          </p>
        ) : null}
      </PasswordConfirm>
    </form>
  );
}
