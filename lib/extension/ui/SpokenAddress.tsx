import type { JSX } from 'preact';

/**
 * An address as a screen reader can follow it: "0x", then groups of four characters
 * ("0x 5aAe b605 3F3E …"), instead of forty characters read as one word.
 */
export function spokenAddress(address: string): string {
  const body = address.replace(/^0x/i, '');
  return `0x ${body.match(/.{1,4}/g)?.join(' ') ?? ''}`.trim();
}

/**
 * The screen reader's copy of an address, visually hidden: put it beside the address as shown,
 * which is marked aria-hidden, so the address is read once and in groups.
 */
export function SpokenAddress(props: { address: string }): JSX.Element {
  return <span class="visually-hidden">Address {spokenAddress(props.address)}</span>;
}
