// Where the entropy lives by default: the page's localStorage if there is one, else memory.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createDefaultStore, ENTROPY_STORAGE_KEY } from '../src/index.ts';

function fakeLocalStorage(): Storage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    get length() {
      return data.size;
    },
    clear: () => data.clear(),
    key: (i: number) => [...data.keys()][i] ?? null,
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    removeItem: (k: string) => void data.delete(k),
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('default storage', () => {
  it("writes through to localStorage under Hedgehog's key when the page has one", async () => {
    const ls = fakeLocalStorage();
    vi.stubGlobal('localStorage', ls);
    const store = createDefaultStore();
    await store.set(ENTROPY_STORAGE_KEY, 'ff4b856a8c6984f630c5c64d02eda0f6');
    expect(ls.data.get('hedgehog-entropy-key')).toBe('ff4b856a8c6984f630c5c64d02eda0f6');
    expect(await store.get(ENTROPY_STORAGE_KEY)).toBe('ff4b856a8c6984f630c5c64d02eda0f6');
    await store.remove(ENTROPY_STORAGE_KEY);
    expect(ls.data.size).toBe(0);
  });

  it('falls back to a private in-memory store where there is no localStorage', async () => {
    vi.stubGlobal('localStorage', undefined);
    const a = createDefaultStore();
    const b = createDefaultStore();
    await a.set('k', 'v');
    expect(await a.get('k')).toBe('v');
    expect(await b.get('k')).toBeNull();
  });
});
