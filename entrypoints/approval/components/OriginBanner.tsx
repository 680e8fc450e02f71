import type { JSX } from 'preact';

/** The requesting site, big and first: the one thing a person must read before deciding. */
export function OriginBanner(props: {
  origin: string;
  title: string;
  /** Ids the window's dialog is labelled and described by; the heading takes the first focus. */
  headingId: string;
  titleId: string;
}): JSX.Element {
  const { origin, title } = props;
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
        <h1
          class="origin-host url"
          id={props.headingId}
          tabIndex={-1}
          data-testid="origin"
          title={origin}
        >
          {host}
        </h1>
        <p class="muted" id={props.titleId}>
          {title}
        </p>
        {insecure && (
          <p class="warning-inline" role="alert">
            This site does not use a secure connection.
          </p>
        )}
      </div>
    </section>
  );
}
