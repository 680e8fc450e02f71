import { checkPassword } from '@encore-wallet/core';
import type { JSX } from 'preact';
import { useState } from 'preact/hooks';
import { describeError, Field, Spinner } from '../../../lib/extension/ui/index.ts';
import { sendMessage } from './api.ts';

export function ChangePasswordForm(props: { onClose: () => void }): JSX.Element {
  const [oldPassword, setOldPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(null);

  const policy = checkPassword(newPassword);
  const newError = submitted || newPassword ? (policy.ok ? null : policy.message) : null;
  const confirmError =
    (submitted || confirm) && confirm !== newPassword ? 'The two new passwords differ.' : null;
  const oldError = submitted && !oldPassword ? 'Enter your current password.' : null;

  async function submit(event: Event): Promise<void> {
    event.preventDefault();
    setSubmitted(true);
    if (!oldPassword || !policy.ok || confirm !== newPassword || busy) return;
    setBusy(true);
    setOutcome(null);
    try {
      await sendMessage('changePassword', { oldPassword, newPassword });
      setOutcome({ ok: true, message: 'Password changed. Use the new one from now on.' });
      setOldPassword('');
      setNewPassword('');
      setConfirm('');
      setSubmitted(false);
    } catch (failure) {
      setOutcome({ ok: false, message: describeError(failure, 'password') });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form class="card stack" onSubmit={(event) => void submit(event)} noValidate>
      <h2 class="card-title">Change password</h2>
      <Field
        label="Current password"
        type="password"
        autoComplete="current-password"
        autoFocus
        value={oldPassword}
        onInput={setOldPassword}
        error={oldError}
        disabled={busy}
      />
      <Field
        label="New password"
        type="password"
        autoComplete="new-password"
        value={newPassword}
        onInput={setNewPassword}
        error={newError}
        disabled={busy}
      />
      <Field
        label="Repeat new password"
        type="password"
        autoComplete="new-password"
        value={confirm}
        onInput={setConfirm}
        error={confirmError}
        disabled={busy}
      />
      {outcome ? (
        <p class={`alert ${outcome.ok ? 'alert-success' : 'alert-error'}`} role="alert">
          {outcome.message}
        </p>
      ) : null}
      <div class="actions">
        <button type="button" class="btn btn-secondary" onClick={props.onClose} disabled={busy}>
          {outcome?.ok ? 'Done' : 'Cancel'}
        </button>
        <button type="submit" class="btn btn-primary" disabled={busy}>
          {busy ? <Spinner /> : null} Change password
        </button>
      </div>
    </form>
  );
}
