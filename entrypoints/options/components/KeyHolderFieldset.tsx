import type { JSX } from 'preact';
import { useId } from 'preact/hooks';
import { isUsableKeyHolder, type KeyHolderSetting } from '../../../lib/extension/settings/index.ts';
import { Field } from '../../../lib/extension/ui/index.ts';
import type { FieldErrors, FormValues } from './form-state.ts';

type KeyHolderField =
  | 'keyHolderUrl'
  | 'keyHolderKeyId'
  | 'keyHolderPublicKey'
  | 'keyHolderPrevious';

/**
 * The key holder the wallet trusts: its URL and the public key pinned for it. Every answer it
 * gives is checked against this key; one that does not prove it came from it is never used.
 */
export function KeyHolderFieldset(props: {
  /** The key holder as saved: the one the wallet trusts now. */
  trusted: KeyHolderSetting | null;
  values: FormValues;
  errors: FieldErrors;
  disabled: boolean;
  onInput: (field: KeyHolderField, value: string) => void;
}): JSX.Element {
  const previousId = useId();
  const previousError = props.errors.keyHolderPrevious;
  const { trusted } = props;
  return (
    <fieldset class="card stack" data-testid="key-holder">
      <legend class="card-title">Key holder</legend>
      <p class="field-hint">
        A key holder protects your password: each login asks it, without ever showing it the
        password, for a value your wallet record needs. Whoever copies the wallet backend's records
        then cannot test password guesses on their own; each guess has to go through the key holder,
        which limits them. New wallets and hardened ones need it to open: if it is unreachable,
        Encore waits for it rather than use a weaker lock.
      </p>
      <p class="field-hint" data-testid="key-holder-trusted">
        {trusted === null
          ? 'No key holder: new wallets are made without one.'
          : isUsableKeyHolder(trusted)
            ? `This wallet trusts the key holder at ${trusted.url}, key ${trusted.keyId}.`
            : 'The key holder this wallet is set to trust is not usable: Encore makes and opens no wallet until a usable one is saved.'}
      </p>
      <Field
        label="Key holder URL"
        type="url"
        testId="key-holder-url"
        value={props.values.keyHolderUrl}
        placeholder="https://…"
        onInput={(v) => props.onInput('keyHolderUrl', v)}
        error={props.errors.keyHolderUrl}
        disabled={props.disabled}
      />
      <Field
        label="Key id"
        testId="key-holder-key-id"
        value={props.values.keyHolderKeyId}
        onInput={(v) => props.onInput('keyHolderKeyId', v)}
        error={props.errors.keyHolderKeyId}
        hint="As the key holder's operator publishes it (encore-key-holder public-keys)."
        disabled={props.disabled}
      />
      <Field
        label="Public key (64 hex characters)"
        testId="key-holder-public-key"
        value={props.values.keyHolderPublicKey}
        onInput={(v) => props.onInput('keyHolderPublicKey', v)}
        error={props.errors.keyHolderPublicKey}
        hint="Get it from the operator, not from the key holder itself: it is what its answers are checked against."
        disabled={props.disabled}
      />
      <div class="field">
        <label class="field-label" for={previousId}>
          Earlier keys still trusted (optional)
        </label>
        <textarea
          id={previousId}
          class="field-input"
          rows={2}
          data-testid="key-holder-previous"
          value={props.values.keyHolderPrevious}
          spellcheck={false}
          disabled={props.disabled}
          aria-invalid={previousError ? 'true' : undefined}
          aria-describedby={`${previousId}-${previousError ? 'error' : 'hint'}`}
          onInput={(event) => props.onInput('keyHolderPrevious', event.currentTarget.value)}
        />
        {previousError ? (
          <p id={`${previousId}-error`} class="field-error">
            {previousError}
          </p>
        ) : (
          <p id={`${previousId}-hint`} class="field-hint">
            While the operator rotates its key: one a line, the id, a space, the public key. Wallets
            made under an earlier key move to the current one at their next login.
          </p>
        )}
      </div>
      <p class="field-hint">
        Empty all the fields to use no key holder: new wallets are then made without one, and
        wallets already hardened cannot be opened here until it is set again.
      </p>
    </fieldset>
  );
}
