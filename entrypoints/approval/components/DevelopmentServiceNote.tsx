import type { JSX } from 'preact';

/**
 * The sponsor or paymaster a page on this computer named is the backend Encore itself signs in
 * with, on this computer: a developer's own setup (`make start`). Said plainly, without the
 * warning a service on this computer named by anything else gets.
 */
export function DevelopmentServiceNote(props: {
  host: string;
  service: 'sponsor' | 'paymaster';
}): JSX.Element {
  return (
    <p class="muted" data-testid="calls-sponsor-development">
      <span class="url">{props.host}</span> is the development {props.service} this computer runs:
      the same backend Encore signs you in with, and this page is served from this computer too.
    </p>
  );
}
