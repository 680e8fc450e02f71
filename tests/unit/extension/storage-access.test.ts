import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { restrictStorageToExtension } from '../../../lib/extension/storage/index.ts';

// WXT's fake browser has no setAccessLevel: give each area one to observe.
function accessLevelSpy(area: 'local' | 'session', result: Promise<void> = Promise.resolve()) {
  const spy = vi.fn((_options: { accessLevel: string }) => result);
  Object.assign(fakeBrowser.storage[area], { setAccessLevel: spy });
  return spy;
}

describe('storage access', () => {
  beforeEach(() => fakeBrowser.reset());

  it('restricts local and session storage to the extension itself', async () => {
    const local = accessLevelSpy('local');
    const session = accessLevelSpy('session');
    await restrictStorageToExtension();
    expect(local).toHaveBeenCalledWith({ accessLevel: 'TRUSTED_CONTEXTS' });
    expect(session).toHaveBeenCalledWith({ accessLevel: 'TRUSTED_CONTEXTS' });
  });

  it('skips, without a warning, an area the browser offers no setAccessLevel for (Firefox)', async () => {
    const session = accessLevelSpy('session');
    const warnings: string[] = [];
    await restrictStorageToExtension((message) => warnings.push(message));
    expect(warnings).toEqual([]);
    expect(session).toHaveBeenCalledWith({ accessLevel: 'TRUSTED_CONTEXTS' });
  });

  it('keeps working, with a warning, where a browser cannot restrict an area', async () => {
    accessLevelSpy('local', Promise.reject(new Error('Only supported for session storage')));
    const session = accessLevelSpy('session');
    const warnings: string[] = [];
    await restrictStorageToExtension((message) => warnings.push(message));
    expect(warnings).toEqual([expect.stringMatching(/storage\.local could not be restricted/)]);
    expect(session).toHaveBeenCalled();
  });
});
