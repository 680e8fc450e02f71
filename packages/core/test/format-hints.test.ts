// The record-format hints (which format this browser last met each username's account in): what
// they store identifies an account only under a salt of this browser's own, lists written before
// the salt still read and are written back salted, and a strong list the store cannot give back
// (the extension's sealed storage found it changed or removed) never lets an account this browser
// met strengthened read as anything weaker.
import { sha256Hex } from '@encore-wallet/utils/encoding';
import { describe, expect, it } from 'vitest';
import { createMemoryStore, type KeyValueStore } from '../src/index.ts';
import {
  HEDGEHOG_ACCOUNTS_KEY,
  rememberedFormatOf,
  rememberFormat,
  STRONG_ACCOUNTS_KEY,
} from '../src/internal/strong-accounts.ts';

const digest = (name: string) => sha256Hex(name.trim().normalize('NFC').toLowerCase());

/** A store that refuses to give back `key`, as sealed storage does with a value it cannot trust. */
function refusing(store: KeyValueStore, key: string): KeyValueStore & { refuse: boolean } {
  const wrapped = {
    refuse: true,
    get: (k: string) =>
      wrapped.refuse && k === key ? Promise.reject(new Error('does not open')) : store.get(k),
    set: (k: string, v: string) => store.set(k, v),
    remove: (k: string) => store.remove(k),
  };
  return wrapped;
}

describe('record-format hints', () => {
  it('store no SHA-256 of a name, and nothing that matches another browser’s', async () => {
    const [one, two] = [createMemoryStore(), createMemoryStore()];
    for (const store of [one, two]) {
      await rememberFormat(store, 'Ada.Lovelace', 'strong');
      await rememberFormat(store, 'bob', 'hedgehog');
    }
    const stored = async (store: KeyValueStore) =>
      JSON.stringify([
        await store.get(STRONG_ACCOUNTS_KEY),
        await store.get(HEDGEHOG_ACCOUNTS_KEY),
      ]);
    for (const store of [one, two]) {
      const text = await stored(store);
      expect(text).not.toContain(await digest('ada.lovelace'));
      expect(text).not.toContain(await digest('bob'));
      expect(text.toLowerCase()).not.toContain('lovelace');
    }
    const accounts = async (store: KeyValueStore) =>
      (JSON.parse((await store.get(STRONG_ACCOUNTS_KEY)) ?? '{}') as { accounts: string[] })
        .accounts;
    expect(await accounts(one)).toHaveLength(1);
    expect(await accounts(one)).not.toEqual(await accounts(two));
    // Each browser still knows its accounts, by the name as the lookup key reads it.
    expect(await rememberedFormatOf(one, ' ada.LOVELACE ')).toBe('strong');
    expect(await rememberedFormatOf(two, 'Bob')).toBe('hedgehog');
    expect(await rememberedFormatOf(two, 'carol')).toBeNull();
  });

  it('read the unsalted lists an earlier version wrote, and write them back salted', async () => {
    const store = createMemoryStore();
    await store.set(STRONG_ACCOUNTS_KEY, JSON.stringify([await digest('ada')]));
    await store.set(HEDGEHOG_ACCOUNTS_KEY, JSON.stringify([await digest('bob')]));
    expect(await rememberedFormatOf(store, 'Ada')).toBe('strong');
    expect(await rememberedFormatOf(store, 'Bob')).toBe('hedgehog');

    await rememberFormat(store, 'carol', 'strong');
    const text = `${await store.get(STRONG_ACCOUNTS_KEY)}${await store.get(HEDGEHOG_ACCOUNTS_KEY)}`;
    expect(text).not.toContain(await digest('ada'));
    expect(text).not.toContain(await digest('bob'));
    expect(await rememberedFormatOf(store, 'Ada')).toBe('strong');
    expect(await rememberedFormatOf(store, 'Bob')).toBe('hedgehog');
    expect(await rememberedFormatOf(store, 'Carol')).toBe('strong');
  });

  it('attack: a strong list the store cannot give back reads every account it may have held as strengthened', async () => {
    const inner = createMemoryStore();
    await rememberFormat(inner, 'ada', 'strong');
    await rememberFormat(inner, 'bob', 'hedgehog');
    const store = refusing(inner, STRONG_ACCOUNTS_KEY);
    // Ada's entry is gone with the list: she reads as strengthened all the same, as does anyone
    // this browser has not met in Hedgehog's format. Bob's list still says his format.
    expect(await rememberedFormatOf(store, 'ada')).toBe('strong');
    expect(await rememberedFormatOf(store, 'dora')).toBe('strong');
    expect(await rememberedFormatOf(store, 'bob')).toBe('hedgehog');

    // The next account met strengthened writes a new list, which keeps saying so...
    await rememberFormat(store, 'carol', 'strong');
    store.refuse = false;
    expect(await rememberedFormatOf(store, 'ada')).toBe('strong');
    expect(await rememberedFormatOf(store, 'bob')).toBe('hedgehog');
    // ...until it holds as many accounts as a list keeps: by then the lost ones would be gone too.
    for (let i = 0; i < 30; i++) await rememberFormat(store, `listener-${i}`, 'strong');
    expect(await rememberedFormatOf(store, 'ada')).toBe('strong');
    await rememberFormat(store, 'listener-30', 'strong');
    expect(await rememberedFormatOf(store, 'ada')).toBeNull();
    expect(await rememberedFormatOf(store, 'carol')).toBe('strong');
    expect(await rememberedFormatOf(store, 'bob')).toBe('hedgehog');
  });

  it('attack: a strong list that does not parse reads as one that may have lost accounts', async () => {
    const store = createMemoryStore();
    await rememberFormat(store, 'ada', 'strong');
    for (const damaged of ['{"salt":"00","accounts":[]}', 'null', '[not json', '7']) {
      await store.set(STRONG_ACCOUNTS_KEY, damaged);
      expect(await rememberedFormatOf(store, 'ada')).toBe('strong');
    }
    // A Hedgehog list that cannot be read only forgets who was met in Hedgehog's format.
    const other = createMemoryStore();
    await rememberFormat(other, 'bob', 'hedgehog');
    expect(await rememberedFormatOf(refusing(other, HEDGEHOG_ACCOUNTS_KEY), 'bob')).toBeNull();
  });
});
