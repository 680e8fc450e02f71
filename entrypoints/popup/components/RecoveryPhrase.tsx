import { Fragment, type JSX } from 'preact';
import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import { CLIPBOARD_CLEAR_MS } from '../../../lib/extension/clipboard/index.ts';
import { describeError, Spinner } from '../../../lib/extension/ui/index.ts';
import { sendMessage } from './api.ts';
import { BlurredSecret } from './BlurredSecret.tsx';
import { PasswordConfirm, usePasswordSubmit } from './PasswordConfirm.tsx';
import { useGuardedCopy } from './use-guarded-copy.ts';

/**
 * Shows the wallet's 12 words after the worker has checked the password against the backend's
 * record. The phrase lives only in this component's state: closing the view drops it.
 */
export function RecoveryPhrase(props: {
  /** The account whose phrase is shown: what "I have written it down" marks as kept. */
  address: string;
  onClose: () => void;
  /** The person said they wrote the words down, and the worker recorded it. */
  onKept: () => void;
}): JSX.Element {
  const [phrase, setPhrase] = useState<string | null>(null);
  const form = usePasswordSubmit(async (password) => {
    const answer = await sendMessage('revealRecoveryPhrase', { password });
    setPhrase(answer.phrase);
  });

  if (phrase) {
    return (
      <PhraseShown
        phrase={phrase}
        address={props.address}
        onClose={props.onClose}
        onKept={props.onKept}
      />
    );
  }
  return (
    <form class="card stack" onSubmit={(event) => void form.submit(event)} noValidate>
      <h2 class="card-title">Recovery phrase</h2>
      <p class="muted intro">
        Enter your password to see the 12 words that open this wallet even if you forget it.
      </p>
      <PasswordConfirm
        fieldTestId="recovery-password"
        password={form.password}
        onPassword={form.setPassword}
        submitted={form.submitted}
        busy={form.busy}
        error={form.error}
        autoFocus
        onCancel={props.onClose}
        submitLabel="Show phrase"
        submitTestId="recovery-submit"
      />
    </form>
  );
}

function PhraseShown(props: {
  phrase: string;
  address: string;
  onClose: () => void;
  onKept: () => void;
}): JSX.Element {
  const [revealed, setRevealed] = useState(false);
  const [marking, setMarking] = useState(false);
  const [markError, setMarkError] = useState<string | null>(null);
  const { copied, copy } = useGuardedCopy(props.phrase);
  // The password form is gone: focus the view's heading, then the words once they are shown.
  const heading = useRef<HTMLHeadingElement>(null);
  const box = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    (revealed ? box : heading).current?.focus();
  }, [revealed]);

  async function markKept(): Promise<void> {
    setMarking(true);
    setMarkError(null);
    try {
      await sendMessage('recoveryPhrase.markKept', { address: props.address });
      props.onKept();
    } catch (failure) {
      setMarkError(describeError(failure));
      setMarking(false);
    }
  }

  const words = props.phrase.split(' ');
  const text = (
    <span class="phrase" data-testid="recovery-phrase">
      {words.map((word, i) => (
        // A word may repeat; its position is its identity, and the list never reorders.
        <Fragment key={i}>
          {i > 0 ? ' ' : null}
          <span class="phrase-word">{word}</span>
        </Fragment>
      ))}
    </span>
  );
  return (
    <section class="card stack" aria-label="Recovery phrase">
      <h2 class="card-title" tabIndex={-1} ref={heading}>
        Recovery phrase
      </h2>
      <p class="alert alert-warning" role="note">
        Anyone who has these 12 words owns this wallet. Write them down on paper and keep them
        offline. Encore never asks for them, and no website or person should.
      </p>
      <BlurredSecret
        revealed={revealed}
        label="the recovery phrase"
        onReveal={() => setRevealed(true)}
        shownRef={box}
      >
        {text}
      </BlurredSecret>
      {copied === 'guarded' ? (
        <p class="muted small" role="status" data-testid="copy-status">
          Copied. Encore clears the clipboard after {CLIPBOARD_CLEAR_MS / 1000} s if it still holds
          the phrase, even once this window has closed.
        </p>
      ) : copied === 'popup-only' ? (
        <p class="muted small" role="status" data-testid="copy-status">
          Copied. Encore clears the clipboard after {CLIPBOARD_CLEAR_MS / 1000} s if it still holds
          the phrase, but only while this window stays open: if it closes (it does when you click
          elsewhere), the words stay on the clipboard until you copy something else. Allow clipboard
          access on the next Copy to have them cleared anyway.
        </p>
      ) : copied === 'failed' ? (
        <p class="muted small" role="status">
          Copying failed: write the words down instead.
        </p>
      ) : null}
      {markError ? (
        <p class="alert alert-error" role="alert" data-testid="form-error">
          {markError}
        </p>
      ) : null}
      {/* One way to finish: "Close" while the words are hidden; once shown, saying they are
          written down is what ends the view (closing the popup leaves them unmarked). */}
      <div class="actions">
        <button type="button" class="btn btn-secondary" onClick={copy}>
          Copy
        </button>
        {revealed ? (
          <button
            type="button"
            class="btn btn-primary"
            data-testid="phrase-kept"
            disabled={marking}
            onClick={() => void markKept()}
          >
            {marking ? <Spinner /> : null} I have written it down
          </button>
        ) : (
          <button
            type="button"
            class="btn btn-secondary"
            data-testid="phrase-close"
            onClick={props.onClose}
          >
            Close
          </button>
        )}
      </div>
    </section>
  );
}
