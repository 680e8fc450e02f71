import { describe, expect, it } from 'vitest';
import {
  applyBrowserLimits,
  defaultSettings,
  LOCAL_STORAGE_IS_PRIVATE,
} from '../../../lib/extension/settings/index.ts';

describe('browser limits on the settings', () => {
  it('keeps "log out when the browser closes" as set where storage.local can be private', () => {
    const off = { ...defaultSettings(), lockOnBrowserClose: false };
    expect(applyBrowserLimits(off, true)).toEqual(off);
  });

  it('turns it on, whatever was stored, where content scripts can read storage.local', () => {
    const off = { ...defaultSettings(), lockOnBrowserClose: false };
    expect(applyBrowserLimits(off, false)).toEqual({ ...off, lockOnBrowserClose: true });
  });

  it('knows the Chromium build (these tests) can keep storage.local private', () => {
    expect(LOCAL_STORAGE_IS_PRIVATE).toBe(true);
  });
});
