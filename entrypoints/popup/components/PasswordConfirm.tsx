import type { ComponentChildren, JSX } from 'preact';
import { useState } from 'preact/hooks';
import { describeError, Field, Spinner } from '../../../lib/extension/ui/index.ts';

/**
 * The end of a form that the password confirms: the password field ("Enter your password." once
 * the form was submitted empty), what the worker answered when it refused, and the two buttons.
 * The form and its state stay with the view; `children` go between the field and the error.
 */
export function PasswordConfirm(props: {
  /** `data-testid` of the password input. */
  fieldTestId: string;
  password: string;
  onPassword: (password: string) => void;
  submitted: boolean;
  busy: boolean;
  error: string | null;
  autoFocus?: boolean;
  /** "Cancel" unless said otherwise ("Back" when the form is a step of a longer way). */
  cancelLabel?: string;
  onCancel: () => void;
  submitLabel: string;
  submitTestId: string;
  /** For an action that cannot be taken back. */
  danger?: boolean;
  children?: ComponentChildren;
}): JSX.Element {
  const { busy } = props;
  return (
    <>
      <Field
        label="Password"
        type="password"
        autoComplete="current-password"
        autoFocus={props.autoFocus}
        testId={props.fieldTestId}
        value={props.password}
        onInput={props.onPassword}
        error={props.submitted && !props.password ? 'Enter your password.' : null}
        disabled={busy}
      />
      {props.children}
      {props.error ? (
        <p class="alert alert-error" role="alert" data-testid="form-error">
          {props.error}
        </p>
      ) : null}
      <div class="actions">
        <button type="button" class="btn btn-secondary" onClick={props.onCancel} disabled={busy}>
          {props.cancelLabel ?? 'Cancel'}
        </button>
        <button
          type="submit"
          class={props.danger ? 'btn btn-danger' : 'btn btn-primary'}
          data-testid={props.submitTestId}
          disabled={busy}
        >
          {busy ? <Spinner /> : null} {props.submitLabel}
        </button>
      </div>
    </>
  );
}

/**
 * The state of a form the password alone confirms: `submit` sends the password to `reveal` once
 * (never empty, never twice at a time), forgets it once that succeeds, and keeps what a refusal
 * said for the form.
 */
export function usePasswordSubmit(reveal: (password: string) => Promise<void>): {
  password: string;
  setPassword: (password: string) => void;
  submitted: boolean;
  busy: boolean;
  error: string | null;
  submit: (event: Event) => Promise<void>;
} {
  const [password, setPassword] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: Event): Promise<void> {
    event.preventDefault();
    setSubmitted(true);
    if (!password || busy) return;
    setBusy(true);
    setError(null);
    try {
      await reveal(password);
      setPassword('');
    } catch (failure) {
      setError(describeError(failure, 'password'));
    } finally {
      setBusy(false);
    }
  }

  return { password, setPassword, submitted, busy, error, submit };
}
