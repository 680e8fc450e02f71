// The options page's value thresholds: shown as amounts of each chain's currency (the default
// where the person set none), saved in wei, leaving out what equals the default.
import { describe, expect, it } from 'vitest';
import {
  readThresholds,
  THRESHOLD_HINT,
  thresholdsToForm,
} from '../../../entrypoints/options/components/threshold-form.ts';
import { defaultSettings } from '../../../lib/extension/settings/index.ts';

describe('value thresholds form', () => {
  it('shows the default, 0.5 of each chain’s currency, and the person’s own', () => {
    const settings = { ...defaultSettings(), valueThresholds: { '1': '2000000000000000000' } };
    expect(thresholdsToForm(settings)).toMatchObject({ '1': '2', '31337': '0.5' });
  });

  it('saves amounts in wei, leaves out the default and empty fields', () => {
    expect(readThresholds([], { '1': '2', '31337': '0.5', '11155111': '' })).toEqual({
      ok: true,
      valueThresholds: { '1': '2000000000000000000' },
    });
  });

  it('refuses zero, negative, too precise and non-numbers by chain', () => {
    expect(
      readThresholds([], { '1': '0', '31337': '-1', '11155111': '0.0000000000000000001' }),
    ).toEqual({
      ok: false,
      errors: { '1': THRESHOLD_HINT, '31337': THRESHOLD_HINT, '11155111': THRESHOLD_HINT },
    });
    expect(readThresholds([], { '1': 'lots' })).toMatchObject({ ok: false });
  });
});
