import type { JSX } from 'preact';
import { useState } from 'preact/hooks';
import { sendMessage } from '../../../lib/extension/client/index.ts';
import type { Settings } from '../../../lib/extension/settings/index.ts';
import { describeError, Field, Spinner } from '../../../lib/extension/ui/index.ts';
import { limitChains } from './form-state.ts';
import { readThresholds, thresholdsToForm } from './threshold-form.ts';

type Status = 'idle' | 'saving' | 'saved' | { error: string };

/**
 * From how much of each chain's currency the popup suggests a stronger wallet. Saved on its own:
 * the amounts are only this card's, and the rest of the settings are not touched.
 */
export function ValueThresholds(props: { initial: Settings }): JSX.Element {
  const { addedChains } = props.initial;
  const [amounts, setAmounts] = useState(() => thresholdsToForm(props.initial));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState<Status>('idle');
  const busy = status === 'saving';

  async function save(event: Event): Promise<void> {
    event.preventDefault();
    const read = readThresholds(addedChains, amounts);
    if (!read.ok) {
      setErrors(read.errors);
      return;
    }
    setStatus('saving');
    try {
      const saved = await sendMessage('settings.set', { valueThresholds: read.valueThresholds });
      setAmounts(thresholdsToForm(saved));
      setStatus('saved');
    } catch (failure) {
      setStatus({ error: describeError(failure) });
    }
  }

  return (
    <form class="card stack" data-testid="value-thresholds" onSubmit={(event) => void save(event)}>
      <h2 class="card-title">When your wallet outgrows its password</h2>
      <p class="field-hint">
        When the wallet holds at least this much of a chain’s currency, the popup says that a
        username and password is a weak lock for it, and offers a stronger one. Tokens have no price
        in Encore: they are listed there, not counted. Leave a field empty for the default.
      </p>
      {limitChains(addedChains).map((chain) => {
        const key = String(chain.id);
        return (
          <Field
            key={key}
            label={`${chain.name} (${chain.id}), in ${chain.currency.symbol}`}
            testId={`threshold-amount-${chain.id}`}
            value={amounts[key] ?? ''}
            placeholder="0.5"
            error={errors[key]}
            disabled={busy}
            onInput={(amount) => {
              setAmounts((a) => ({ ...a, [key]: amount }));
              setErrors((e) => ({ ...e, [key]: '' }));
              setStatus('idle');
            }}
          />
        );
      })}
      <div class="options-actions">
        <p
          class={`status ${typeof status === 'object' ? 'field-error' : 'muted'}`}
          role="status"
          data-testid="thresholds-status"
        >
          {status === 'saved'
            ? 'Saved.'
            : status === 'saving'
              ? 'Saving…'
              : typeof status === 'object'
                ? status.error
                : ''}
        </p>
        <button type="submit" class="btn btn-primary" data-testid="save-thresholds" disabled={busy}>
          {busy ? <Spinner /> : null} Save thresholds
        </button>
      </div>
    </form>
  );
}
