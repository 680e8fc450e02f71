import type { JSX } from 'preact';
import type { AddChainApproval } from '../../../lib/extension/approvals/index.ts';
import { Warning } from './Warning.tsx';

/** What Encore will know: the chain id, its name and the RPC URL every read on it goes to. */
export function AddChainRequest({ details }: { details: AddChainApproval }): JSX.Element {
  const { chain, builtIn, replacesRpcUrl, localNetwork } = details;
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
          <dd>
            {chain.nativeCurrency.symbol} ({chain.nativeCurrency.name})
          </dd>
        </div>
      </dl>
      {localNetwork && (
        <Warning testId="add-chain-local-network">
          This URL is on your own computer or local network, which the site cannot reach by itself.
          Approve only if you run this node yourself.
        </Warning>
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
