import type { JSX } from 'preact';
import type { AddChainApproval } from '../../../lib/extension/approvals/index.ts';
import { ETHER_DECIMALS } from '../../../lib/transactions/index.ts';
import { LocalNetworkWarning } from './LocalNetworkWarning.tsx';
import { Warning } from './Warning.tsx';

type Currency = AddChainApproval['chain']['nativeCurrency'];

/** "ETH (Ether), 18 decimals": every number amounts and limits on the chain are counted with. */
function currencyLine(currency: Currency): string {
  const decimals = currency.decimals === 1 ? '1 decimal' : `${currency.decimals} decimals`;
  return `${currency.symbol} (${currency.name}), ${decimals}`;
}

/**
 * What Encore will know: the chain id, its name, the RPC URL every read on it goes to, and the
 * currency with its decimals (stated plainly when not ether's 18, and old → new when it changes).
 */
export function AddChainRequest({ details }: { details: AddChainApproval }): JSX.Element {
  const { chain, builtIn, replacesRpcUrl, replacesCurrency, localNetwork } = details;
  const currency = chain.nativeCurrency;
  return (
    <section class="card">
      <h2 class="card-title">{builtIn ? 'Set the RPC URL of a chain' : 'Add a chain to Encore'}</h2>
      <dl class="kv">
        <div>
          <dt>Chain ID</dt>
          <dd data-testid="add-chain-id">
            {chain.id} (0x{chain.id.toString(16)})
          </dd>
        </div>
        <div>
          <dt>Name</dt>
          <dd data-testid="add-chain-name">{chain.name}</dd>
        </div>
        <div>
          <dt>RPC URL</dt>
          <dd class="mono url" data-testid="add-chain-rpc-url">
            {chain.rpcUrl}
          </dd>
        </div>
        <div>
          <dt>Currency</dt>
          <dd data-testid="add-chain-currency">{currencyLine(currency)}</dd>
        </div>
      </dl>
      {currency.decimals !== ETHER_DECIMALS && (
        <Warning testId="add-chain-decimals">
          {currency.symbol} counts {currency.decimals} decimals, not the {ETHER_DECIMALS} of ether:
          1 {currency.symbol} is 10^{currency.decimals} of its smallest unit. Amounts, balances and
          the daily spending limit on this chain are counted that way.
        </Warning>
      )}
      {replacesCurrency && (
        <Warning testId="add-chain-currency-change">
          This changes the chain's currency: {currencyLine(replacesCurrency)} →{' '}
          {currencyLine(currency)}. Amounts, balances and the daily spending limit on this chain
          will be counted in the new one
          {replacesCurrency.decimals !== currency.decimals ||
          replacesCurrency.symbol !== currency.symbol
            ? ', and a daily limit you set here goes back to the default'
            : ''}
          .
        </Warning>
      )}
      {localNetwork && (
        <LocalNetworkWarning subject="This URL" runs="this node" testId="add-chain-local-network" />
      )}
      {replacesRpcUrl && (
        <p class="muted" data-testid="add-chain-replaces">
          This replaces the RPC URL <code>{replacesRpcUrl}</code>.
        </p>
      )}
      <p class="muted">
        Sites' chain reads on this chain (balances, blocks, contract calls) will go to this URL, and
        it sees which addresses and contracts they read. Encore asks the browser for access to it
        and checks that it serves chain {chain.id} before saving. No signature is ever sent there.
      </p>
    </section>
  );
}
