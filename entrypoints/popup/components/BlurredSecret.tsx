import type { ComponentChildren, JSX, RefObject } from 'preact';

/**
 * A secret (the recovery phrase, a private key) blurred until the person clicks it; `label` says
 * what is hidden ("the recovery phrase"): the button is read "Click to show the recovery phrase",
 * its visible words first, and the blurred secret is hidden from assistive technology.
 */
export function BlurredSecret(props: {
  revealed: boolean;
  label: string;
  onReveal: () => void;
  children: ComponentChildren;
  /** The shown secret, focusable so focus can move to it from the button it replaces. */
  shownRef?: RefObject<HTMLDivElement>;
}): JSX.Element {
  return props.revealed ? (
    <div class="phrase-box" tabIndex={-1} ref={props.shownRef}>
      {props.children}
    </div>
  ) : (
    <button type="button" class="phrase-box blurred" onClick={props.onReveal}>
      <span class="phrase-secret" aria-hidden="true">
        {props.children}
      </span>
      <span class="phrase-cover">
        Click to show<span class="visually-hidden"> {props.label}</span>
      </span>
    </button>
  );
}
