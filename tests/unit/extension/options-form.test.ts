// The options form saves only what the person changed, so fields they never touched keep
// following the build's defaults (a new backend or catalog default reaches them after an update).
import { describe, expect, it } from 'vitest';
import {
  changedSettings,
  parseForm,
  toForm,
} from '../../../entrypoints/options/components/form-state.ts';
import { defaultSettings } from '../../../lib/extension/settings/index.ts';

describe('options form', () => {
  it('sends only the fields that differ from the settings it showed', () => {
    const shown = defaultSettings();
    const parsed = parseForm({ ...toForm(shown), appName: 'backstage-fm' });
    if (!parsed.ok) throw new Error('the form should parse');
    expect(changedSettings(shown, parsed.settings)).toEqual({ appName: 'backstage-fm' });
  });

  it('sends nothing when nothing changed, so saving pins no default', () => {
    const shown = defaultSettings();
    const parsed = parseForm(toForm(shown));
    if (!parsed.ok) throw new Error('the form should parse');
    expect(changedSettings(shown, parsed.settings)).toEqual({});
  });

  it('sends a field set back to its default, so the change is saved', () => {
    const shown = { ...defaultSettings(), lockOnBrowserClose: true };
    const parsed = parseForm({ ...toForm(shown), lockOnBrowserClose: false });
    if (!parsed.ok) throw new Error('the form should parse');
    expect(changedSettings(shown, parsed.settings)).toEqual({ lockOnBrowserClose: false });
  });

  it('shows each chain’s limit in its currency and saves only limits that differ from the default', () => {
    const shown = defaultSettings();
    const form = toForm(shown);
    expect(form.spendingLimits['1']).toEqual({ amount: '0.002', unlimited: false });
    expect(form.spendingLimits['31337']).toEqual({ amount: '', unlimited: true });
    const parsed = parseForm({
      ...form,
      spendingLimits: {
        ...form.spendingLimits,
        '1': { amount: '0.01', unlimited: false },
        '11155111': { amount: '0.002', unlimited: false },
      },
    });
    if (!parsed.ok) throw new Error('the form should parse');
    expect(changedSettings(shown, parsed.settings)).toEqual({
      spendingLimits: { '1': { kind: 'daily', wei: '10000000000000000' } },
    });
  });

  it('refuses an amount the currency cannot hold, naming the chain', () => {
    const form = toForm(defaultSettings());
    const parsed = parseForm({
      ...form,
      spendingLimits: { ...form.spendingLimits, '1': { amount: '0.1e2', unlimited: false } },
    });
    expect(parsed).toEqual({
      ok: false,
      errors: { 'spendingLimits.1': expect.stringMatching(/0.002/) },
    });
  });
});
