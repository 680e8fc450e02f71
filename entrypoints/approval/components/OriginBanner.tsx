import type { JSX } from 'preact';

/** The requesting site, big and first: the one thing a person must read before deciding. */
export function OriginBanner({ origin, title }: { origin: string; title: string }): JSX.Element {
  let host = origin;
  let insecure = false;
  try {
    const url = new URL(origin);
    host = url.host;
    insecure =
      url.protocol !== 'https:' && url.hostname !== 'localhost' && url.hostname !== '127.0.0.1';
  } catch {
    // origin is always a URL origin; show it raw otherwise
  }
  return (
    <section class="origin-banner">
      <div class="origin-mark" aria-hidden="true">
        {host.charAt(0).toUpperCase()}
      </div>
      <div>
        <h1 class="origin-host url" data-testid="origin" title={origin}>
          {host}
        </h1>
        <p class="muted">{title}</p>
        {insecure && <p class="warning-inline">This site does not use a secure connection.</p>}
      </div>
    </section>
  );
}
