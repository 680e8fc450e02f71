import type { JSX } from 'preact';
import { SpokenAddress } from '../../../lib/extension/ui/index.ts';

export function ConnectRequest({ address }: { address: string | null }): JSX.Element {
  return (
    <section class="card">
      <h2 class="card-title">This site will be able to</h2>
      <ul class="capabilities">
        <li>See your wallet address</li>
        <li>
          Ask you to sign messages and typed data, and to send transactions (each one needs your
          approval)
        </li>
      </ul>
      <p class="muted">It cannot move funds or sign anything without asking.</p>
      {address && (
        <p class="address-line">
          Account{' '}
          <code class="hex" data-testid="account" aria-hidden="true">
            {address}
          </code>
          <SpokenAddress address={address} />
        </p>
      )}
    </section>
  );
}
