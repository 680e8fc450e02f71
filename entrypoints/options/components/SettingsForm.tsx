import type { JSX } from 'preact';
import { useState } from 'preact/hooks';
import { sendMessage } from '../../../lib/extension/client/index.ts';
import {
  defaultSettings,
  LOCAL_STORAGE_IS_PRIVATE,
  type Settings,
  SUPPORTED_CHAINS,
} from '../../../lib/extension/settings/index.ts';
import {
  describeError,
  Field,
  originsNeedingPermission,
  requestHostPermission,
  Spinner,
} from '../../../lib/extension/ui/index.ts';
import { BundlerUrlsFieldset } from './BundlerUrlsFieldset.tsx';
import {
  changedSettings,
  type FieldErrors,
  type FormValues,
  type LimitValue,
  limitChains,
  parseForm,
  toForm,
} from './form-state.ts';
import { KeyHolderFieldset } from './KeyHolderFieldset.tsx';

type Status =
  | { kind: 'idle' }
  | { kind: 'saving' }
  | { kind: 'saved' }
  | { kind: 'error'; message: string };

export function SettingsForm(props: { initial: Settings }): JSX.Element {
  // The settings as last loaded or saved: a save sends only what differs from them.
  const [base, setBase] = useState<Settings>(props.initial);
  const [values, setValues] = useState<FormValues>(toForm(props.initial));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [status, setStatus] = useState<Status>({ kind: 'idle' });

  function set<K extends keyof FormValues>(key: K, value: FormValues[K]): void {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
    setStatus({ kind: 'idle' });
  }

  function setRpcUrl(chainId: string, url: string): void {
    setValues((v) => ({ ...v, rpcUrls: { ...v.rpcUrls, [chainId]: url } }));
    setErrors((e) => ({ ...e, [`rpcUrls.${chainId}`]: undefined }));
    setStatus({ kind: 'idle' });
  }

  function setBundlerUrl(chainId: string, url: string): void {
    setValues((v) => ({ ...v, bundlerUrls: { ...v.bundlerUrls, [chainId]: url } }));
    setErrors((e) => ({ ...e, [`bundlerUrls.${chainId}`]: undefined }));
    setStatus({ kind: 'idle' });
  }

  function setLimit(chainId: string, limit: LimitValue): void {
    setValues((v) => ({ ...v, spendingLimits: { ...v.spendingLimits, [chainId]: limit } }));
    setErrors((e) => ({ ...e, [`spendingLimits.${chainId}`]: undefined }));
    setStatus({ kind: 'idle' });
  }

  async function save(event: Event): Promise<void> {
    event.preventDefault();
    const parsed = parseForm(values);
    if (!parsed.ok) {
      setErrors(parsed.errors);
      setStatus({ kind: 'error', message: 'Fix the highlighted fields, then save again.' });
      return;
    }
    setStatus({ kind: 'saving' });
    const { backendUrl, catalogHostListUrl, rpcUrls, bundlerUrls, keyHolder } = parsed.settings;
    // First await of the click: the permission prompt needs the user gesture.
    const origins = originsNeedingPermission([
      backendUrl,
      catalogHostListUrl,
      ...Object.values(rpcUrls),
      ...Object.values(bundlerUrls),
      ...(keyHolder ? [keyHolder.url] : []),
    ]);
    if (!(await requestHostPermission(origins))) {
      setStatus({
        kind: 'error',
        message: `Encore needs permission to reach ${origins.join(', ')}. Nothing was saved.`,
      });
      return;
    }
    try {
      const saved = await sendMessage('settings.set', changedSettings(base, parsed.settings));
      setBase(saved);
      setValues(toForm(saved));
      setStatus({ kind: 'saved' });
    } catch (failure) {
      setStatus({ kind: 'error', message: describeError(failure) });
    }
  }

  const busy = status.kind === 'saving';
  return (
    <form class="stack-lg" onSubmit={(event) => void save(event)} noValidate>
      <fieldset class="card stack">
        <legend class="card-title">Servers</legend>
        <Field
          label="Wallet backend URL"
          type="url"
          testId="backend-url"
          value={values.backendUrl}
          onInput={(v) => set('backendUrl', v)}
          error={errors.backendUrl}
          hint="Stores your encrypted wallet record. It never sees your password or key."
          disabled={busy}
        />
        <Field
          label="Catalog host-list URL"
          type="url"
          testId="catalog-url"
          value={values.catalogHostListUrl}
          onInput={(v) => set('catalogHostListUrl', v)}
          error={errors.catalogHostListUrl}
          hint="Lists the music-catalog API hosts your profile is read from."
          disabled={busy}
        />
        <Field
          label="App name"
          testId="app-name"
          value={values.appName}
          onInput={(v) => set('appName', v)}
          error={errors.appName}
          hint="Sent to the catalog with every request, as app_name."
          disabled={busy}
        />
      </fieldset>
      <fieldset class="card stack">
        <legend class="card-title">Wallet</legend>
        <label class="checkbox">
          <input
            type="checkbox"
            data-testid="lock-on-close"
            checked={values.lockOnBrowserClose}
            disabled={busy}
            onChange={(event) => set('lockOnBrowserClose', event.currentTarget.checked)}
          />
          <span>
            Log out when the browser closes
            <span class="field-hint block" data-testid="lock-on-close-hint">
              Your key is then kept only in memory-backed session storage, and you log in again
              after every browser restart.
              {LOCAL_STORAGE_IS_PRIVATE
                ? null
                : ' Off, it stays on this computer encrypted, under a key that only Encore’s own pages can use: the scripts Encore runs in web pages can read this browser’s lasting extension storage, but find only the encrypted form there.'}
            </span>
          </span>
        </label>
        <label class="checkbox">
          <input
            type="checkbox"
            data-testid="answer-as-metamask"
            checked={values.answerAsMetaMask}
            disabled={busy}
            onChange={(event) => set('answerAsMetaMask', event.currentTarget.checked)}
          />
          <span>
            Answer sites that only look for MetaMask
            <span class="field-hint block">
              Some sites offer a wallet only when they find MetaMask. With this on, Encore tells
              every site it is MetaMask-compatible (<code>isMetaMask</code>), so those sites let you
              connect; they may then offer MetaMask-only features that Encore answers with an error.
              Sites that look for Encore, or list wallets (EIP-6963), do not need it. Sites can see
              this setting, as they see any wallet's. Applies to pages you open or reload after
              saving.
            </span>
          </span>
        </label>
        <div class="field">
          <label class="field-label" for="chain">
            Default chain
          </label>
          <select
            id="chain"
            class="field-input"
            data-testid="chain"
            value={values.chainId}
            disabled={busy}
            aria-invalid={errors.chainId ? 'true' : undefined}
            aria-describedby={errors.chainId ? 'chain-error chain-hint' : 'chain-hint'}
            onChange={(event) => set('chainId', event.currentTarget.value)}
          >
            {[...SUPPORTED_CHAINS, ...base.addedChains].map((chain) => (
              <option key={chain.id} value={String(chain.id)}>
                {chain.name} ({chain.id})
              </option>
            ))}
          </select>
          {errors.chainId ? (
            <p class="field-error" id="chain-error">
              {errors.chainId}
            </p>
          ) : null}
          <p class="field-hint" id="chain-hint">
            The chain sites see until they ask to switch.
          </p>
        </div>
        <Field
          label="ID token lifetime (seconds)"
          testId="id-token-lifetime"
          value={values.idTokenLifetimeSeconds}
          onInput={(v) => set('idTokenLifetimeSeconds', v)}
          error={errors.idTokenLifetimeSeconds}
          hint="How long a site may use the ID token you give it (60 to 3600; 300 is five minutes)."
          disabled={busy}
        />
      </fieldset>
      <fieldset class="card stack">
        <legend class="card-title">Chain access for sites</legend>
        <p class="field-hint">
          Sites read the chain through Encore (balances, blocks, contract calls) from the RPC URL of
          the chain they are on. These reads are public and are sent for any site, connected or not,
          without asking you; no signature ever goes to this URL. With no URL, sites are told Encore
          is not connected to that chain. Use a provider you trust: it sees which addresses and
          contracts your sites read.
        </p>
        {SUPPORTED_CHAINS.map((chain) => (
          <Field
            key={chain.id}
            label={`RPC URL for ${chain.name} (${chain.id})`}
            type="url"
            testId={`rpc-url-${chain.id}`}
            value={values.rpcUrls[String(chain.id)] ?? ''}
            placeholder="https://…"
            onInput={(v) => setRpcUrl(String(chain.id), v)}
            error={errors[`rpcUrls.${chain.id}`]}
            disabled={busy}
          />
        ))}
        {values.addedChains.length > 0 && (
          <div class="stack" data-testid="added-chains">
            <p class="field-label">Chains sites added (with your approval)</p>
            {values.addedChains.map((chain) => (
              <div key={chain.id} class="added-chain" data-testid={`added-chain-${chain.id}`}>
                <span>
                  {chain.name} ({chain.id}) <code class="url">{chain.rpcUrl}</code>
                </span>
                <button
                  type="button"
                  class="btn btn-secondary"
                  data-testid={`remove-chain-${chain.id}`}
                  disabled={busy}
                  onClick={() =>
                    set(
                      'addedChains',
                      values.addedChains.filter((added) => added.id !== chain.id),
                    )
                  }
                >
                  Remove
                </button>
              </div>
            ))}
            <p class="field-hint">
              A removed chain is gone when you save; if it was the current chain, sites are moved to
              Ethereum.
            </p>
          </div>
        )}
      </fieldset>
      <KeyHolderFieldset
        trusted={base.keyHolder}
        values={values}
        errors={errors}
        disabled={busy}
        onInput={set}
      />
      <BundlerUrlsFieldset
        values={values.bundlerUrls}
        errors={errors}
        disabled={busy}
        onInput={setBundlerUrl}
      />
      <fieldset class="card stack" data-testid="spending-limits">
        <legend class="card-title">Daily spending limits</legend>
        <p class="field-hint">
          What transactions sent from Encore may cost on each chain in any 24 hours, counting each
          at the most it can cost (its value and its maximum fee). Above it, and for any token
          approval without a cap, the approval window asks for your password. Encore is made for a
          low-value wallet: keep this to what you would carry in a coat pocket.
        </p>
        {limitChains(values.addedChains).map((chain) => {
          const key = String(chain.id);
          const limit = values.spendingLimits[key] ?? { amount: '', unlimited: false };
          return (
            <div key={key} class="limit-row" data-testid={`limit-${chain.id}`}>
              <Field
                label={`${chain.name} (${chain.id}), in ${chain.currency.symbol} per day`}
                testId={`limit-amount-${chain.id}`}
                value={limit.unlimited ? '' : limit.amount}
                placeholder={limit.unlimited ? 'No limit' : '0.002'}
                onInput={(amount) => setLimit(key, { amount, unlimited: false })}
                error={errors[`spendingLimits.${key}`]}
                disabled={busy || limit.unlimited}
              />
              <label class="checkbox">
                <input
                  type="checkbox"
                  data-testid={`limit-none-${chain.id}`}
                  checked={limit.unlimited}
                  disabled={busy}
                  onChange={(event) =>
                    setLimit(key, {
                      amount: limit.amount,
                      unlimited: event.currentTarget.checked,
                    })
                  }
                />
                <span>No limit on this chain</span>
              </label>
            </div>
          );
        })}
      </fieldset>
      <div class="options-actions">
        <p
          class={`status ${status.kind === 'error' ? 'field-error' : 'muted'}`}
          role="status"
          data-testid="settings-status"
        >
          {status.kind === 'saved'
            ? 'Saved.'
            : status.kind === 'error'
              ? status.message
              : status.kind === 'saving'
                ? 'Saving…'
                : ''}
        </p>
        <button
          type="button"
          class="btn btn-secondary"
          disabled={busy}
          onClick={() => {
            setValues(toForm(defaultSettings()));
            setErrors({});
            setStatus({ kind: 'idle' });
          }}
        >
          Use defaults
        </button>
        <button type="submit" class="btn btn-primary" data-testid="save-settings" disabled={busy}>
          {busy ? <Spinner /> : null} Save
        </button>
      </div>
    </form>
  );
}
