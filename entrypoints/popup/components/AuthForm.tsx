import { checkPassword, checkUsername } from '@encore-wallet/core';
import { measurePhase, phaseStart } from '@encore-wallet/utils/perf';
import type { JSX } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { describeError, Field, Spinner } from '../../../lib/extension/ui/index.ts';
import { sendMessage, type WalletState } from './api.ts';
import { lazyComponent, loadingFallback } from './lazy-component.ts';
import {
  loginRequest,
  prefetchLoginFormat,
  prepareStrongWorker,
  signUpRequest,
  warmUpLogin,
} from './login-request.ts';
import { useCountdown } from './use-countdown.ts';
import { wakeWorker } from './wake-worker.ts';

type Mode = 'login' | 'signup' | 'restore';

// The restore form carries the BIP-39 word list and SHA-256 (~29 kB): loaded when the person asks
// for it, so opening the popup and logging in never parse it.
const RestoreForm = lazyComponent(
  () => import('./RestoreForm.tsx').then((m) => m.RestoreForm),
  loadingFallback,
);

/**
 * Log in and sign up share one form: the same two fields, different rules and button; sign-up
 * asks for the password twice, since a mistyped one locks the wallet away behind a password
 * nobody knows.
 * `sessionLost`: the session this browser kept could not be opened, so say why they are out.
 */
export function AuthForm(props: {
  onSignedIn: (state: WalletState) => void;
  sessionLost?: boolean;
}): JSX.Element {
  const [mode, setMode] = useState<Mode>('login');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [touched, setTouched] = useState({ username: false, password: false, repeat: false });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{
    message: string;
    rateLimited: boolean;
    retry: boolean;
  } | null>(null);
  const [wait, startWait] = useCountdown();
  const errorRef = useRef<HTMLParagraphElement>(null);

  // Sign-up applies the password policy; log-in never does, so older accounts still open.
  const usernameCheck = checkUsername(username);
  const passwordCheck = mode === 'signup' ? checkPassword(password) : { ok: password.length > 0 };
  const usernameError = touched.username && !usernameCheck.ok ? usernameCheck.message : null;
  const passwordError =
    touched.password && !passwordCheck.ok
      ? 'message' in passwordCheck
        ? passwordCheck.message
        : 'Enter your password.'
      : null;
  const repeatOk = mode !== 'signup' || repeat === password;
  const repeatError =
    touched.repeat && !repeatOk
      ? repeat
        ? 'The two passwords differ. Type the same password twice.'
        : 'Type the password again.'
      : null;

  useEffect(() => {
    if (error) errorRef.current?.focus();
  }, [error]);
  useEffect(warmUpLogin, []);

  function switchMode(next: Mode): void {
    setMode(next);
    setError(null);
    setRepeat('');
    setTouched({ username: false, password: false, repeat: false });
  }

  async function logIn(): Promise<WalletState> {
    const request = await loginRequest(username, password);
    try {
      return await sendMessage('login', request.input);
    } finally {
      request.done();
    }
  }

  async function submit(event: Event): Promise<void> {
    event.preventDefault();
    setTouched({ username: true, password: true, repeat: true });
    if (!usernameCheck.ok || !passwordCheck.ok || !repeatOk || busy) return;
    setBusy(true);
    setError(null);
    const t = phaseStart();
    try {
      const state = mode === 'signup' ? await signUpRequest(username, password) : await logIn();
      measurePhase(`encore:popup:${mode}`, t);
      props.onSignedIn(state);
    } catch (failure) {
      const details = failure as { details?: { retryAfterSeconds?: unknown } };
      const seconds = details.details?.retryAfterSeconds;
      const rateLimited = typeof seconds === 'number' && seconds > 0;
      if (rateLimited) startWait(seconds);
      // An outage, not a refusal: the same button tries again, and says so.
      const retry = (failure as { code?: unknown }).code === 'KEY_HOLDER_UNREACHABLE';
      setError({ message: describeError(failure), rateLimited, retry });
      setBusy(false);
    }
  }

  if (mode === 'restore') {
    return <RestoreForm onSignedIn={props.onSignedIn} onCancel={() => switchMode('login')} />;
  }
  const submitLabel = error?.retry ? 'Try again' : mode === 'signup' ? 'Create wallet' : 'Log in';
  return (
    <form
      class="stack"
      onSubmit={(event) => void submit(event)}
      onInput={(event) => {
        wakeWorker();
        if (mode !== 'login') return;
        prepareStrongWorker();
        // Typing the password: the username is there, and the login's format can be asked now.
        if ((event.target as HTMLInputElement).type === 'password') prefetchLoginFormat(username);
      }}
      noValidate
    >
      <div class="segmented">
        <button
          type="button"
          data-testid="show-login"
          aria-pressed={mode === 'login'}
          disabled={busy}
          onClick={() => switchMode('login')}
        >
          Log in
        </button>
        <button
          type="button"
          data-testid="show-signup"
          aria-pressed={mode === 'signup'}
          disabled={busy}
          onClick={() => switchMode('signup')}
        >
          Sign up
        </button>
      </div>
      {props.sessionLost && mode === 'login' ? (
        <p class="alert alert-info" role="status" data-testid="session-lost">
          Encore could not open the session it kept on this browser (the key that protected it is
          gone, for example after site data was cleared). Log in again.
        </p>
      ) : null}
      <p class="muted intro">
        {mode === 'signup'
          ? 'Pick a username and a password. They are all you need to open this wallet on any browser.'
          : 'Log in with your username and password to open your wallet.'}
      </p>
      <Field
        label="Username"
        value={username}
        testId="username"
        autoComplete="username"
        autoFocus
        disabled={busy}
        error={usernameError}
        onInput={setUsername}
        onBlur={() => setTouched((t) => ({ ...t, username: username.length > 0 || t.username }))}
      />
      <Field
        label="Password"
        type="password"
        value={password}
        testId="password"
        autoComplete={mode === 'signup' ? 'new-password' : 'current-password'}
        disabled={busy}
        error={passwordError}
        hint={
          mode === 'signup'
            ? 'At least 8 characters. If you forget it, only your recovery phrase (shown once you are in) opens the wallet.'
            : undefined
        }
        onInput={(value) => {
          setPassword(value);
          if (mode === 'signup' && value.length > 0) setTouched((t) => ({ ...t, password: true }));
        }}
      />
      {mode === 'signup' ? (
        <Field
          label="Repeat password"
          type="password"
          value={repeat}
          testId="password-repeat"
          autoComplete="new-password"
          disabled={busy}
          error={repeatError}
          onInput={setRepeat}
          onBlur={() => setTouched((t) => ({ ...t, repeat: repeat.length > 0 || t.repeat }))}
        />
      ) : null}
      {error ? (
        <p
          class="alert alert-error"
          role="alert"
          tabIndex={-1}
          ref={errorRef}
          data-testid="form-error"
        >
          {error.rateLimited
            ? wait > 0
              ? `Too many attempts. Try again in ${wait} s.`
              : 'You can try again now.'
            : error.message}
        </p>
      ) : null}
      <button
        type="submit"
        class="btn btn-primary btn-block"
        data-testid={mode === 'signup' ? 'signup-submit' : 'login-submit'}
        disabled={busy || wait > 0}
      >
        {busy ? (
          <>
            <Spinner /> {mode === 'signup' ? 'Creating your wallet…' : 'Opening your wallet…'}
          </>
        ) : (
          submitLabel
        )}
      </button>
      {busy ? (
        <p class="muted small center" role="status">
          Deriving your keys from the password. This takes a moment.
        </p>
      ) : mode === 'login' ? (
        <button
          type="button"
          class="btn btn-ghost btn-wrap"
          data-testid="show-restore"
          onClick={() => switchMode('restore')}
        >
          Forgot password? Restore with recovery phrase
        </button>
      ) : null}
    </form>
  );
}
