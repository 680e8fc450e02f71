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
});
