// The isMetaMask flag script: it marks Encore's provider only, never another wallet's, and the
// setting that registers it is off unless the person turns it on.

import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { answerAsMetaMask, installProvider } from '../../../lib/extension/provider/index.ts';
import { getSettings } from '../../../lib/extension/settings/index.ts';
import { createFakeWindow } from './support/fake-window.ts';

describe('answer sites that only look for MetaMask', () => {
  beforeEach(() => fakeBrowser.reset());

  it('is off by default: Encore’s provider has no isMetaMask at all', async () => {
    expect((await getSettings()).answerAsMetaMask).toBe(false);
    const win = createFakeWindow();
    const provider = installProvider(win);
    expect('isMetaMask' in provider).toBe(false);
  });

  it('marks Encore’s provider, which still answers as Encore', () => {
    const win = createFakeWindow();
    const provider = installProvider(win);
    expect(answerAsMetaMask(win)).toBe(true);
    expect(provider).toMatchObject({ isMetaMask: true, isEncore: true });
  });

  it('leaves another wallet’s window.ethereum alone, and a page without one', () => {
    const win = createFakeWindow();
    const other = { isRabby: true };
    win.ethereum = other;
    installProvider(win); // another wallet got there first: Encore only announces (EIP-6963)
    expect(answerAsMetaMask(win)).toBe(false);
    expect(other).toEqual({ isRabby: true });
    expect(answerAsMetaMask(createFakeWindow())).toBe(false);
  });
});
