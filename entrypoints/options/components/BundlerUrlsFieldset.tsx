import type { JSX } from 'preact';
import { SUPPORTED_CHAINS } from '../../../lib/extension/settings/index.ts';
import { Field } from '../../../lib/extension/ui/index.ts';
import type { FieldErrors } from './form-state.ts';

/** One ERC-4337 bundler URL per chain: what carries batches a site's paymaster pays for. */
export function BundlerUrlsFieldset(props: {
  values: Record<string, string>;
  errors: FieldErrors;
  disabled: boolean;
  onInput: (chainId: string, url: string) => void;
}): JSX.Element {
  return (
    <fieldset class="card stack" data-testid="bundler-urls">
      <legend class="card-title">Bundlers for paid-for calls</legend>
      <p class="field-hint">
        When a site offers to pay a batch's fee through its paymaster (ERC-7677), Encore hands the
        signed batch to the chain's ERC-4337 bundler named here, and asks it for the receipt. It
        sees the batch once you approve it, nothing before. With no URL, sites are told Encore
        cannot use their paymaster on that chain. A hosted bundler (Pimlico, Alchemy, Coinbase)
        works: paste its URL with your API key.
      </p>
      {SUPPORTED_CHAINS.map((chain) => (
        <Field
          key={chain.id}
          label={`Bundler URL for ${chain.name} (${chain.id})`}
          type="url"
          testId={`bundler-url-${chain.id}`}
          value={props.values[String(chain.id)] ?? ''}
          placeholder="https://…"
          onInput={(v) => props.onInput(String(chain.id), v)}
          error={props.errors[`bundlerUrls.${chain.id}`]}
          disabled={props.disabled}
        />
      ))}
    </fieldset>
  );
}
