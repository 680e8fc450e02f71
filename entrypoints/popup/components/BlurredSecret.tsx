import type { ComponentChildren, JSX } from 'preact';

/**
 * A secret (the recovery phrase, a private key) blurred until the person clicks it; `label` names
 * the click for assistive technology ("Show the recovery phrase").
 */
export function BlurredSecret(props: {
  revealed: boolean;
  label: string;
  onReveal: () => void;
  children: ComponentChildren;
}): JSX.Element {
  return props.revealed ? (
    <div class="phrase-box">{props.children}</div>
  ) : (
    <button
      type="button"
      class="phrase-box blurred"
      aria-label={props.label}
      onClick={props.onReveal}
    >
      {props.children}
      <span class="phrase-cover">Click to show</span>
    </button>
  );
}
