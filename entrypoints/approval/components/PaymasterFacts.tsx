import type { JSX } from 'preact';

/**
 * A batch the site's ERC-7677 paymaster pays for: who names the paying contract and when, and
 * which bundler (from Encore's settings) carries it. Neither is asked anything before the
 * approval, so the contract's address is not known yet: Activity shows it once the paymaster
 * named it.
 */
export function PaymasterFacts(props: { host: string; bundler: string }): JSX.Element {
  return (
    <>
      <div>
        <dt>Paymaster</dt>
        <dd data-testid="calls-paymaster">
          {props.host} names its paymaster contract once you approve (shown in Activity). Encore
          sends the batch only if that contract serves Encore's EntryPoint on this chain and pays
          the fee from its own deposit: nothing is signed that would take the fee from your balance.
        </dd>
      </div>
      <div>
        <dt>Bundler</dt>
        <dd data-testid="calls-bundler">
          {props.bundler} (from your settings) carries the batch once you approve
        </dd>
      </div>
    </>
  );
}
