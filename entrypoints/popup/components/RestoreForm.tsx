import { checkMnemonic, checkPassword, checkUsername } from '@encore-wallet/core';
import type { JSX } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { describeError, Field, Spinner } from '../../../lib/extension/ui/index.ts';
import { sendMessage, type WalletState } from './api.ts';
import { PhraseInputs } from './PhraseInputs.tsx';
import { EMPTY_WORDS } from './phrase-words.ts';
import { useCountdown } from './use-countdown.ts';
import { wakeWorker } from './wake-worker.ts';

/**
 * "Forgot password?": the username, the recovery phrase and a new password (the sign-up policy),
 * typed twice as at sign-up so a slip of the finger cannot lock the wallet under a password nobody
 * knows. The phrase is checked here, word by word and by its checksum, before anything is sent.
 */
export function RestoreForm(props: {
  onSignedIn: (state: WalletState) => void;
  onCancel: () => void;
}): JSX.Element {
  const [username, setUsername] = useState('');
  const [words, setWords] = useState<string[]>([...EMPTY_WORDS]);
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [repeatTouched, setRepeatTouched] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [wait, startWait] = useCountdown();
  const errorRef = useRef<HTMLParagraphElement>(null);

  const usernameCheck = checkUsername(username);
  const passwordCheck = checkPassword(password);
  const phraseCheck = checkMnemonic(words.join(' '));
  const repeatOk = repeat === password;
  const repeatError =
    (submitted || repeatTouched) && !repeatOk
      ? repeat
        ? 'The two passwords differ. Type the same password twice.'
        : 'Type the new password again.'
      : null;

  useEffect(() => {
    if (error) errorRef.current?.focus();
  }, [error]);

  async function submit(event: Event): Promise<void> {
    event.preventDefault();
    setSubmitted(true);
    if (busy) return;
    if (!phraseCheck.ok) {
      setError(phraseCheck.message);
      return;
    }
    // A form error from an earlier try (the phrase) is gone; the fields say what is left.
    setError(null);
    if (!usernameCheck.ok || !passwordCheck.ok || !repeatOk) return;
    setBusy(true);
    try {
      const state = await sendMessage('restoreFromPhrase', {
        username,
        password,
        phrase: phraseCheck.phrase,
      });
      props.onSignedIn(state);
    } catch (failure) {
      const retry = (failure as { details?: { retryAfterSeconds?: unknown } }).details
        ?.retryAfterSeconds;
      if (typeof retry === 'number' && retry > 0) startWait(retry);
      setError(describeError(failure));
      setBusy(false);
    }
  }

  return (
    <form
      class="stack"
      onSubmit={(event) => void submit(event)}
      onInput={() => wakeWorker()}
      noValidate
    >
      <h2 class="card-title">Restore with recovery phrase</h2>
      <p class="muted intro">
        Your 12 words open your wallet again under a new password. Your username and address stay
        the same.
      </p>
      <Field
        label="Username"
        value={username}
        testId="restore-username"
        autoComplete="username"
        autoFocus
        disabled={busy}
        error={submitted && !usernameCheck.ok ? usernameCheck.message : null}
        onInput={setUsername}
      />
      <PhraseInputs words={words} onChange={setWords} disabled={busy} />
      <Field
        label="New password"
        type="password"
        value={password}
        testId="restore-password"
        autoComplete="new-password"
        disabled={busy}
        error={(submitted || password) && !passwordCheck.ok ? passwordCheck.message : null}
        hint="At least 8 characters. Your old password keeps working too."
        onInput={setPassword}
      />
      <Field
        label="Repeat new password"
        type="password"
        value={repeat}
        testId="restore-password-repeat"
        autoComplete="new-password"
        disabled={busy}
        error={repeatError}
        onInput={setRepeat}
        onBlur={() => setRepeatTouched((touched) => touched || repeat.length > 0)}
      />
      {error ? (
        <p
          class="alert alert-error"
          role="alert"
          tabIndex={-1}
          ref={errorRef}
          data-testid="form-error"
        >
          {wait > 0 ? `Too many attempts. Try again in ${wait} s.` : error}
        </p>
      ) : null}
      <button
        type="submit"
        class="btn btn-primary btn-block"
        data-testid="restore-submit"
        disabled={busy || wait > 0}
      >
        {busy ? (
          <>
            <Spinner /> Restoring your wallet…
          </>
        ) : (
          'Restore wallet'
        )}
      </button>
      <button type="button" class="btn btn-ghost" onClick={props.onCancel} disabled={busy}>
        Back to log in
      </button>
    </form>
  );
}
