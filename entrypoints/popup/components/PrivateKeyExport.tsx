import type { JSX } from 'preact';
import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import { CLIPBOARD_CLEAR_MS } from '../../../lib/extension/clipboard/index.ts';
import { sendMessage } from './api.ts';
import { BlurredSecret } from './BlurredSecret.tsx';
import { PasswordConfirm, usePasswordSubmit } from './PasswordConfirm.tsx';
import { useGuardedCopy } from './use-guarded-copy.ts';

/**
 * The account's private key, after the worker has checked the password against the backend's
 * record, with the recovery phrase's clipboard guard. It lives only in this component's state.
 */
export function PrivateKeyExport(props: {
  onClose: () => void;
  onShowPhrase: () => void;
}): JSX.Element {
  const [key, setKey] = useState<string | null>(null);
  const form = usePasswordSubmit(async (password) => {
    setKey((await sendMessage('revealPrivateKey', { password })).privateKey);
  });

  if (key) return <KeyShown privateKey={key} onClose={props.onClose} />;
  return (
    <form class="card stack" onSubmit={(event) => void form.submit(event)} noValidate>
      <h2 class="card-title">Private key</h2>
      <p class="muted intro">
        To open this wallet in MetaMask, prefer the recovery phrase: it brings this account and
        every other account of the wallet, which MetaMask finds on the same derivation path. The
        private key opens this one account only.
      </p>
      <button
        type="button"
        class="btn btn-secondary btn-sm"
        data-testid="key-use-phrase"
        onClick={props.onShowPhrase}
        disabled={form.busy}
      >
        Show the recovery phrase instead
      </button>
      <PasswordConfirm
        fieldTestId="key-password"
        password={form.password}
        onPassword={form.setPassword}
        submitted={form.submitted}
        busy={form.busy}
        error={form.error}
        autoFocus
        onCancel={props.onClose}
        submitLabel="Show key"
        submitTestId="key-submit"
      />
    </form>
  );
}

function KeyShown(props: { privateKey: string; onClose: () => void }): JSX.Element {
  const [revealed, setRevealed] = useState(false);
  const { copied, copy } = useGuardedCopy(props.privateKey);
  // The password form is gone: focus the view's heading, then the key once it is shown.
  const heading = useRef<HTMLHeadingElement>(null);
  const box = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    (revealed ? box : heading).current?.focus();
  }, [revealed]);

  const text = (
    <code class="hex private-key" data-testid="private-key">
      {props.privateKey}
    </code>
  );
  return (
    <section class="card stack" aria-label="Private key">
      <h2 class="card-title" tabIndex={-1} ref={heading}>
        Private key
      </h2>
      <p class="alert alert-warning" role="note">
        Anyone who has this key owns this account. Paste it only into a wallet you trust (MetaMask:
        Add account, Import account), never into a website.
      </p>
      <BlurredSecret
        revealed={revealed}
        label="the private key"
        onReveal={() => setRevealed(true)}
        shownRef={box}
      >
        {text}
      </BlurredSecret>
      {copied === 'guarded' ? (
        <p class="muted small" role="status" data-testid="copy-status">
          Copied. Encore clears the clipboard after {CLIPBOARD_CLEAR_MS / 1000} s if it still holds
          the key, even once this window has closed.
        </p>
      ) : copied === 'popup-only' ? (
        <p class="muted small" role="status" data-testid="copy-status">
          Copied. Encore clears the clipboard after {CLIPBOARD_CLEAR_MS / 1000} s if it still holds
          the key, but only while this window stays open. Allow clipboard access on the next Copy to
          have it cleared anyway.
        </p>
      ) : copied === 'failed' ? (
        <p class="muted small" role="status">
          Copying failed.
        </p>
      ) : null}
      <div class="actions">
        <button type="button" class="btn btn-secondary" data-testid="key-copy" onClick={copy}>
          Copy
        </button>
        <button type="button" class="btn btn-secondary" onClick={props.onClose}>
          Done
        </button>
      </div>
    </section>
  );
}
