import type { JSX } from 'preact';

// Who paid for a sponsored batch, as the send path recorded it: `host[:port]`, and for a
// paymaster `host[:port] (paymaster 0x…40 hex)`. Shown with the host marked as a URL and the
// address as hex, so a narrow line wraps inside them instead of scrolling sideways.
const PAID_BY = /^(\S+) \(paymaster (0x[0-9a-fA-F]{40})\)$/;

/** The sponsor's host alone (for sentences that name it). */
export function sponsorHost(paidBy: string): string {
  return PAID_BY.exec(paidBy)?.[1] ?? paidBy;
}

/** `host` or `host (paymaster 0x…)`, each part free to wrap; the whole text in the title. */
export function PaidBy(props: { paidBy: string }): JSX.Element {
  const match = PAID_BY.exec(props.paidBy);
  if (!match) return <span class="url">{props.paidBy}</span>;
  return (
    <>
      <span class="url">{match[1]}</span> (paymaster <span class="hex">{match[2]}</span>)
    </>
  );
}
