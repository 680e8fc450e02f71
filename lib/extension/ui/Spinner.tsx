import type { JSX } from 'preact';

export function Spinner(): JSX.Element {
  return <span class="spinner" aria-hidden="true" />;
}
