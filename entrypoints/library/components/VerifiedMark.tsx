import type { JSX } from 'preact';

export function VerifiedMark(): JSX.Element {
  return (
    <svg
      class="verified"
      width="14"
      height="14"
      viewBox="0 0 16 16"
      role="img"
      aria-label="Verified"
    >
      <title>Verified</title>
      <circle cx="8" cy="8" r="8" fill="currentColor" />
      <path
        d="M4.5 8.2l2.3 2.3 4.7-4.8"
        fill="none"
        stroke="var(--on-accent)"
        stroke-width="1.8"
        stroke-linecap="round"
        stroke-linejoin="round"
      />
    </svg>
  );
}
