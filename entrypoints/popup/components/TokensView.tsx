import type { JSX } from 'preact';
import { useId, useState } from 'preact/hooks';
import { describeError, Field, Spinner, useAsync } from '../../../lib/extension/ui/index.ts';
import type { Holdings, TokenLookup } from '../../../lib/extension/value/index.ts';
import { formatNativeRounded, formatTokenAmount } from '../../../lib/transactions/index.ts';
import { sendMessage } from './api.ts';
import './value-watch.css';

/** The first issue's message of a refused token (which field and why), else the error's sentence. */
function refusal(error: unknown): string {
  const issues = (error as { details?: { issues?: { message?: unknown }[] } }).details?.issues;
  const first = issues?.[0]?.message;
  return typeof first === 'string' ? first : describeError(error);
}

/**
 * The tokens Encore knows the wallet holds, chain by chain, and adding one by its contract's
 * address: the worker reads what the contract says it is (symbol, decimals) and the balance,
 * shown before anything is added. Tokens the person added can be removed; those Encore saw its
 * own transactions move are listed as such.
 */
export function TokensView(props: { account: string; onClose(): void }): JSX.Element {
  const [holdings, reload] = useAsync(() => sendMessage('value.holdings'), [props.account]);
  return (
    <section class="section" aria-labelledby="tokens-title" data-testid="tokens">
      <div class="activity-head">
        <h2 id="tokens-title" class="card-title">
          Tokens
        </h2>
        <button
          type="button"
          class="btn btn-secondary btn-sm"
          data-testid="close-tokens"
          onClick={props.onClose}
        >
          Back
        </button>
      </div>
      {holdings.status === 'loading' ? (
        <p class="center muted" role="status">
          <Spinner /> Reading your tokens…
        </p>
      ) : holdings.status === 'error' ? (
        <p class="alert alert-error" role="alert">
          {describeError(holdings.error)}
        </p>
      ) : (
        <>
          <TokenList holdings={holdings.value} onChanged={reload} />
          <AddToken holdings={holdings.value} onAdded={reload} />
        </>
      )}
    </section>
  );
}

function TokenList(props: { holdings: Holdings; onChanged(): void }): JSX.Element {
  const [removing, setRemoving] = useState<string | null>(null);
  const chains = props.holdings.chains.filter((chain) => chain.tokens.length > 0);
  if (chains.length === 0) {
    return (
      <p class="muted intro" data-testid="tokens-empty">
        No tokens yet. Tokens your transactions send or bring in show here; add others by address.
      </p>
    );
  }

  async function remove(chainId: number, address: string): Promise<void> {
    setRemoving(address);
    try {
      await sendMessage('value.removeToken', { chainId, address });
    } finally {
      setRemoving(null);
      props.onChanged();
    }
  }

  return (
    <ul class="entry-list">
      {chains.flatMap(({ chain, tokens }) =>
        tokens.map((token) => (
          <li key={`${chain.id}:${token.address}`} class="entry" data-testid="token-row">
            <div class="tokens-line">
              <strong data-testid="token-amount">
                {token.balance === null
                  ? `${token.symbol ?? 'Token'}: balance unknown`
                  : formatNativeRounded(BigInt(token.balance), {
                      symbol: token.symbol ?? 'tokens',
                      decimals: token.decimals,
                    })}
              </strong>
              {token.source === 'added' ? (
                <button
                  type="button"
                  class="btn btn-ghost btn-sm"
                  data-testid="token-remove"
                  disabled={removing !== null}
                  onClick={() => void remove(chain.id, token.address)}
                >
                  Remove
                </button>
              ) : (
                <span class="muted small">from your activity</span>
              )}
            </div>
            <code class="hex small" title={token.unreadable ?? undefined}>
              {token.address}
            </code>
            <span class="muted small">on {chain.name}</span>
          </li>
        )),
      )}
    </ul>
  );
}

function AddToken(props: { holdings: Holdings; onAdded(): void }): JSX.Element {
  const chains = props.holdings.chains.map((held) => held.chain);
  const selectId = useId();
  const [chainId, setChainId] = useState(chains[0]?.id ?? 0);
  const [address, setAddress] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [found, setFound] = useState<TokenLookup | null>(null);

  if (chains.length === 0) {
    return (
      <p class="muted small">
        To add a token, give Encore an RPC URL for its chain in Settings: the token is read there.
      </p>
    );
  }

  async function lookUp(event: Event): Promise<void> {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      setFound(await sendMessage('value.lookupToken', { chainId, address: address.trim() }));
    } catch (failure) {
      setError(refusal(failure));
    } finally {
      setBusy(false);
    }
  }

  async function add(): Promise<void> {
    if (!found) return;
    setBusy(true);
    setError(null);
    try {
      await sendMessage('value.addToken', {
        chainId: found.chain.id,
        address: found.token.address,
      });
      setFound(null);
      setAddress('');
      props.onAdded();
    } catch (failure) {
      setError(refusal(failure));
    } finally {
      setBusy(false);
    }
  }

  if (found) {
    const { token, balance, chain } = found;
    return (
      <div class="card stack-sm" data-testid="token-found">
        <h3 class="card-title">Add this token?</h3>
        <p>
          <strong data-testid="token-found-symbol">{token.symbol ?? 'No symbol'}</strong>{' '}
          <span class="muted" data-testid="token-found-decimals">
            {token.decimals} decimals, on {chain.name}
          </span>
        </p>
        <code class="hex small" data-testid="token-found-address">
          {token.address}
        </code>
        <p class="small" data-testid="token-found-balance">
          {balance === null
            ? 'Your balance could not be read just now.'
            : `You hold ${formatTokenAmount(BigInt(balance), token)}.`}
        </p>
        <p class="muted small">
          The name and symbol are what the contract says about itself: anyone can make a token
          called USDC. Check the address against the token’s own site.
        </p>
        {error ? (
          <p class="field-error" role="alert">
            {error}
          </p>
        ) : null}
        <div class="actions">
          <button
            type="button"
            class="btn btn-secondary"
            disabled={busy}
            onClick={() => setFound(null)}
          >
            Cancel
          </button>
          <button
            type="button"
            class="btn btn-primary"
            data-testid="token-add"
            disabled={busy}
            onClick={() => void add()}
          >
            {busy ? <Spinner /> : null} Add token
          </button>
        </div>
      </div>
    );
  }

  return (
    <form class="card stack-sm" onSubmit={(event) => void lookUp(event)}>
      <h3 class="card-title">Add a token</h3>
      {chains.length > 1 ? (
        <div class="field">
          <label class="field-label" for={selectId}>
            Chain
          </label>
          <select
            id={selectId}
            class="field-input"
            data-testid="token-chain"
            value={String(chainId)}
            disabled={busy}
            onChange={(event) => setChainId(Number(event.currentTarget.value))}
          >
            {chains.map((chain) => (
              <option key={chain.id} value={String(chain.id)}>
                {chain.name}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <Field
        label={`Token contract address${chains.length > 1 ? '' : ` on ${chains[0]?.name ?? ''}`}`}
        testId="token-address"
        value={address}
        placeholder="0x…"
        disabled={busy}
        error={error}
        onInput={(value) => {
          setAddress(value);
          setError(null);
        }}
      />
      <div class="actions">
        <button
          type="submit"
          class="btn btn-secondary"
          data-testid="token-lookup"
          disabled={busy || address.trim() === ''}
        >
          {busy ? <Spinner /> : null} Look up
        </button>
      </div>
    </form>
  );
}
