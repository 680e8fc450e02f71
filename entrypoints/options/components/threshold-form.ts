// The value thresholds as the options page shows them: an amount of each chain's currency, the
// one in force (the person's or the default). Saved, an amount equal to the default is left out,
// so the chain keeps following the build's default.
import {
  type AddedChain,
  defaultValueThreshold,
  type Settings,
  valueThresholdFor,
} from '../../../lib/extension/settings/index.ts';
import { formatUnitsExact, parseUnitsExact } from '../../../lib/transactions/index.ts';
import { limitChains } from './form-state.ts';

export const THRESHOLD_HINT = 'Enter an amount above 0, such as 0.5';

/** Chain id → the threshold in force, as an amount of the chain's currency. */
export function thresholdsToForm(settings: Settings): Record<string, string> {
  const amounts: Record<string, string> = {};
  for (const chain of limitChains(settings.addedChains)) {
    const wei = valueThresholdFor(settings, chain.id, chain.currency);
    amounts[String(chain.id)] = formatUnitsExact(wei, chain.currency.decimals);
  }
  return amounts;
}

/** The thresholds to save (wei, only those that differ from the default), or errors by chain id. */
export function readThresholds(
  addedChains: readonly AddedChain[],
  amounts: Readonly<Record<string, string>>,
):
  | { ok: true; valueThresholds: Record<string, string> }
  | { ok: false; errors: Record<string, string> } {
  const valueThresholds: Record<string, string> = {};
  const errors: Record<string, string> = {};
  for (const chain of limitChains(addedChains)) {
    const key = String(chain.id);
    const typed = (amounts[key] ?? '').trim();
    const fallback = defaultValueThreshold(chain.id, chain.currency);
    if (typed === '') continue;
    const wei = parseUnitsExact(typed, chain.currency.decimals);
    if (wei === null || wei <= 0n || wei >= 10n ** 40n) {
      errors[key] = THRESHOLD_HINT;
      continue;
    }
    if (wei !== fallback) valueThresholds[key] = wei.toString();
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, valueThresholds };
}
