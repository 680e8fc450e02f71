import type { JSX } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { describeError, displayOrigin, useAsync } from '../../../lib/extension/ui/index.ts';
import { sendMessage } from './api.ts';

/**
 * Sites the logged-in account is connected to (another account's never show), each with a
 * revoke button. Live: follows storage changes, and loads again when the account changes.
 */
export function ConnectedSites(props: { account: string }): JSX.Element {
  const [sites, reload] = useAsync(() => sendMessage('sites.list'), [props.account]);
  const [error, setError] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<string | null>(null);

  useEffect(() => {
    // A site connecting while the popup is open shows up without reopening it.
    const listener = (_changes: unknown, area: string): void => {
      if (area === 'local') reload();
    };
    browser.storage.onChanged.addListener(listener);
    return () => browser.storage.onChanged.removeListener(listener);
  }, [reload]);

  async function revoke(origin: string): Promise<void> {
    setRevoking(origin);
    setError(null);
    try {
      await sendMessage('sites.revoke', { origin });
      reload();
    } catch (failure) {
      setError(describeError(failure));
    } finally {
      setRevoking(null);
    }
  }

  return (
    <section class="section" aria-labelledby="sites-title">
      <h2 id="sites-title" class="card-title">
        Connected sites
      </h2>
      {sites.status === 'error' ? (
        <p class="field-error">{describeError(sites.error)}</p>
      ) : sites.status === 'loading' ? null : sites.value.length === 0 ? (
        <p class="muted small">No site is connected. Sites ask to connect when you use them.</p>
      ) : (
        <ul class="sites" data-testid="connected-sites">
          {sites.value.map((site) => (
            <li key={site.origin} class="site">
              <span class="site-origin" title={site.origin}>
                {displayOrigin(site.origin)}
              </span>
              <button
                type="button"
                class="btn btn-ghost btn-sm"
                data-testid="revoke-site"
                disabled={revoking === site.origin}
                aria-label={`Disconnect ${site.origin}`}
                onClick={() => void revoke(site.origin)}
              >
                Disconnect
              </button>
            </li>
          ))}
        </ul>
      )}
      {error ? (
        <p class="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </section>
  );
}
