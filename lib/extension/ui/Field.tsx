import type { JSX } from 'preact';
import { useId } from 'preact/hooks';

export interface FieldProps {
  label: string;
  value: string;
  onInput: (value: string) => void;
  type?: 'text' | 'password' | 'url' | 'search';
  testId?: string;
  hint?: string;
  error?: string | null;
  autoComplete?: string;
  autoFocus?: boolean;
  disabled?: boolean;
  placeholder?: string;
  onBlur?: () => void;
}

/** A labelled input whose hint and error are announced with it (aria-describedby). */
export function Field(props: FieldProps): JSX.Element {
  const id = useId();
  const describedBy = props.error ? `${id}-error` : props.hint ? `${id}-hint` : undefined;
  return (
    <div class="field">
      <label class="field-label" for={id}>
        {props.label}
      </label>
      <input
        id={id}
        class="field-input"
        type={props.type ?? 'text'}
        value={props.value}
        data-testid={props.testId}
        autoComplete={props.autoComplete}
        // biome-ignore lint/a11y/noAutofocus: a popup opens for one form; focusing its first field is what keyboard users expect
        autoFocus={props.autoFocus}
        disabled={props.disabled}
        placeholder={props.placeholder}
        spellcheck={false}
        aria-invalid={props.error ? 'true' : undefined}
        aria-describedby={describedBy}
        onInput={(event) => props.onInput(event.currentTarget.value)}
        onBlur={props.onBlur}
      />
      {props.error ? (
        <p id={`${id}-error`} class="field-error">
          {props.error}
        </p>
      ) : props.hint ? (
        <p id={`${id}-hint`} class="field-hint">
          {props.hint}
        </p>
      ) : null}
    </div>
  );
}
