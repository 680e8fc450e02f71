import type { JSX } from 'preact';
import type { LocalService } from '../../../lib/extension/approvals/index.ts';

/**
 * A sponsor or paymaster on this computer that Encore recognizes, said plainly, without the
 * warning any other service on this computer gets: the backend Encore itself signs in with (a
 * developer's own setup, `make start`), or the asking page's own server, which the page reaches by
 * itself anyway. Only a page served from this computer gets either.
 */
export function LocalServiceNote(props: {
  host: string;
  recognized: LocalService;
  service: 'sponsor' | 'paymaster';
}): JSX.Element {
  if (props.recognized === 'development') {
    return (
      <p class="muted" data-testid="calls-sponsor-development">
        <span class="url">{props.host}</span> is the development {props.service} this computer runs:
        the same backend Encore signs you in with, and this page is served from this computer too.
      </p>
    );
  }
  return (
    <p class="muted" data-testid="calls-sponsor-this-page">
      <span class="url">{props.host}</span> is this page's own server, on this computer: the page
      reaches it by itself too.
    </p>
  );
}
