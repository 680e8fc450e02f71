import type { JSX } from 'preact';

// A short form of an address or hash ("0x1199…6484"): a line may break after its ellipsis, so
// each one is kept whole in a nowrap span (base.css `.short`).
const SHORT_FORM = /0x[0-9a-fA-F]+…[0-9a-fA-F]+/g;

/** `text` with every short form in it kept on one line. */
export function ShortForms({ text }: { text: string }): JSX.Element {
  const parts: (string | JSX.Element)[] = [];
  let last = 0;
  for (const match of text.matchAll(SHORT_FORM)) {
    parts.push(text.slice(last, match.index));
    parts.push(
      <span key={match.index} class="short">
        {match[0]}
      </span>,
    );
    last = match.index + match[0].length;
  }
  parts.push(text.slice(last));
  return <>{parts}</>;
}
