// The grant store: the spend permissions a listener approved, per account and chain, kept in
// storage.local (sealed in Firefox's layout, where a content script can write there).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import {
  createGrantStore,
  GRANTS_KEY,
  onGrantsChanged,
} from '../../../lib/extension/spend-permissions/index.ts';
import {
  createRecordSealer,
  isSealedValue,
  useRecordSealer,
} from '../../../lib/extension/storage/index.ts';
import { memoryRecordKeys } from '../extension/support/sealing.ts';
import { LISTENER, storedGrant } from './support.ts';

const OTHER = '0x90F79bf6EB2c4f870365E785982E1f101E93b906';
const TX = `0x${'ab'.repeat(32)}` as const;

const stored = async (): Promise<unknown> =>
  (await fakeBrowser.storage.local.get(GRANTS_KEY))[GRANTS_KEY];

describe('the grant store', () => {
  beforeEach(() => fakeBrowser.reset());

  it("lists an account's grants on a chain, oldest first, and marks one revoked", async () => {
    const store = createGrantStore();
    const first = storedGrant();
    const second = storedGrant({ id: `0x${'2b'.repeat(32)}`, grantedAt: first.grantedAt + 1 });
    await Promise.all([store.add(first), store.add(second)]);
    await store.add(storedGrant({ id: `0x${'3c'.repeat(32)}`, account: OTHER }));
    await store.add(storedGrant({ id: `0x${'4d'.repeat(32)}`, chainId: 1 }));

    expect(await store.list(LISTENER.toLowerCase(), 31337)).toEqual([first, second]);
    expect(await store.get(second.id.toUpperCase().replace('0X', '0x'))).toEqual(second);

    expect(await store.markRevoked(first.id, { at: 1_900_000_100_000, txHash: TX })).toBe(true);
    expect((await store.get(first.id))?.revoked).toEqual({ at: 1_900_000_100_000, txHash: TX });
    expect(await store.markRevoked(`0x${'99'.repeat(32)}`, { at: 1, txHash: TX })).toBe(false);
  });

  it('replaces a grant added again under the same id', async () => {
    const store = createGrantStore();
    await store.add(storedGrant());
    await store.add(storedGrant({ maxTotal: '1' }));
    expect((await store.list(LISTENER, 31337)).map((g) => g.maxTotal)).toEqual(['1']);
  });

  it('refuses to keep a malformed grant, and lists none of a damaged entry but keeps it', async () => {
    const store = createGrantStore();
    await expect(store.add(storedGrant({ periodAmount: '-1' }))).rejects.toThrow();
    await fakeBrowser.storage.local.set({
      [GRANTS_KEY]: { version: 1, grants: [{ id: 'junk' }, storedGrant()] },
    });
    expect(await store.list(LISTENER, 31337)).toEqual([storedGrant()]);
    await store.add(storedGrant({ id: `0x${'2b'.repeat(32)}` }));
    expect((await stored()) as { grants: unknown[] }).toMatchObject({
      grants: [{ id: 'junk' }, {}, {}],
    });
  });

  it('tells watchers when the grants change', async () => {
    let changes = 0;
    const stop = onGrantsChanged(() => {
      changes += 1;
    });
    await createGrantStore().add(storedGrant());
    stop();
    await createGrantStore().add(storedGrant({ id: `0x${'2b'.repeat(32)}` }));
    expect(changes).toBe(1);
  });
});

describe('the grant store, sealed (Firefox)', () => {
  beforeEach(() => {
    fakeBrowser.reset();
    useRecordSealer(createRecordSealer(memoryRecordKeys()));
  });
  afterEach(() => useRecordSealer(null));

  it('keeps the grants sealed and reads them back', async () => {
    const store = createGrantStore();
    await store.add(storedGrant());
    expect(isSealedValue(await stored())).toBe(true);
    expect(await store.list(LISTENER, 31337)).toEqual([storedGrant()]);
  });

  it('attack: a grant a content script plants in storage.local is not listed', async () => {
    await fakeBrowser.storage.local.set({
      [GRANTS_KEY]: { version: 1, grants: [storedGrant()] },
    });
    expect(await createGrantStore().list(LISTENER, 31337)).toEqual([]);
  });
});
