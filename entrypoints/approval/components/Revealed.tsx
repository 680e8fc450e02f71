import type { JSX } from 'preact';
import { revealInvisible } from '../../../lib/eip/index.ts';
import { Warning } from './Warning.tsx';

/** Text with every invisible or direction-changing character shown as a marked `⟨U+202E⟩`. */
export function Revealed({ text }: { text: string }): JSX.Element {
  return (
    <>
      {revealInvisible(text).map((part, i) =>
        part.hidden ? (
          <span
            key={i}
            class="hidden-char"
            data-testid="hidden-char"
            title="An invisible character, shown so it cannot hide"
          >
            {part.label}
          </span>
        ) : (
          part.text
        ),
      )}
    </>
  );
}

export function InvisibleWarning(): JSX.Element {
  return (
    <Warning testId="invisible-warning">
      This request contains invisible or text-direction characters, marked like ⟨U+202E⟩ below. They
      can make text read differently from what you sign.
    </Warning>
  );
}
