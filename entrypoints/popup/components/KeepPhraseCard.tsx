import type { JSX } from 'preact';

/**
 * Reminds the person to keep the recovery phrase until they have said they wrote it down. It
 * blocks nothing: "Remind me later" hides it until the popup opens again.
 */
export function KeepPhraseCard(props: { onShow: () => void; onLater: () => void }): JSX.Element {
  return (
    <section class="card stack" aria-label="Keep your recovery phrase" data-testid="keep-phrase">
      <h2 class="card-title">Keep your recovery phrase</h2>
      <p class="muted intro">
        If you forget your password, your 12-word recovery phrase is the only way back into this
        wallet. Write it down on paper and keep it somewhere safe.
      </p>
      <div class="actions">
        <button
          type="button"
          class="btn btn-secondary"
          data-testid="keep-phrase-later"
          onClick={props.onLater}
        >
          Remind me later
        </button>
        <button
          type="button"
          class="btn btn-primary"
          data-testid="keep-phrase-show"
          onClick={props.onShow}
        >
          Show recovery phrase
        </button>
      </div>
    </section>
  );
}
