import { measurePhase } from '@encore-wallet/utils/perf';
import type { JSX } from 'preact';
import { useEffect, useLayoutEffect, useState } from 'preact/hooks';
import { Avatar, SpokenAddress } from '../../../lib/extension/ui/index.ts';

export function AccountCard(props: { address: string; username: string | null }): JSX.Element {
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  // When the address is in the page: the end of a login as the person sees it.
  useLayoutEffect(() => measurePhase('encore:popup:address-shown', 0), [props.address]);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(null), 1500);
    return () => clearTimeout(timer);
  }, [copied]);

  async function copy(): Promise<void> {
    try {
      await navigator.clipboard.writeText(props.address);
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
  }

  return (
    <section class="card account" aria-label="Your wallet" data-view-start>
      <Avatar address={props.address} size={44} />
      <div class="account-body">
        <p class="account-name">{props.username ?? 'Your wallet'}</p>
        <div class="address-row">
          <code class="address hex" data-testid="address" title={props.address} aria-hidden="true">
            {props.address}
          </code>
          <SpokenAddress address={props.address} />
        </div>
      </div>
      <button
        type="button"
        class="btn btn-secondary btn-sm copy"
        onClick={() => void copy()}
        aria-label="Copy address"
      >
        {copied === 'yes' ? 'Copied' : copied === 'failed' ? 'Failed' : 'Copy'}
      </button>
      <span class="visually-hidden" aria-live="polite">
        {copied === 'yes' ? 'Address copied' : ''}
      </span>
    </section>
  );
}
