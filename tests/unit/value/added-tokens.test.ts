// The tokens a person added: kept per account and chain, at most MAX_ADDED_TOKENS, and in
// Firefox sealed like the settings, so a list a content script planted (a token of its choosing,
// with the symbol it likes) or put back reads as none.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createRecordSealer, useRecordSealer } from '../../../lib/extension/storage/index.ts';
import {
  ADDED_TOKENS_KEY,
  createAddedTokens,
  MAX_ADDED_TOKENS,
} from '../../../lib/extension/value/index.ts';
import { memoryRecordKeys } from '../extension/support/sealing.ts';

const ACCOUNT = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const USDC = { address: '0x5FbDB2315678afecb367f032d93F642f64180aa3', symbol: 'USDC', decimals: 6 };
const token = (i: number) => ({
  address: `0x${i.toString(16).padStart(40, '0')}`,
  symbol: `T${i}`,
  decimals: 18,
});

describe('added tokens', () => {
  beforeEach(() => fakeBrowser.reset());
  afterEach(() => useRecordSealer(null));

  it('are kept per account and chain, once each, and removed', async () => {
    const tokens = createAddedTokens();
    await tokens.add(ACCOUNT, 1, USDC);
    await tokens.add(ACCOUNT.toLowerCase(), 1, { ...USDC, address: USDC.address.toLowerCase() });
    expect(await tokens.list(ACCOUNT, 1)).toHaveLength(1);
    expect(await tokens.list(ACCOUNT, 10)).toEqual([]);
    await tokens.remove(ACCOUNT, 1, USDC.address.toLowerCase());
    expect(await tokens.list(ACCOUNT, 1)).toEqual([]);
  });

  it('refuses more than MAX_ADDED_TOKENS per chain', async () => {
    const tokens = createAddedTokens();
    for (let i = 1; i <= MAX_ADDED_TOKENS; i++)
      expect(await tokens.add(ACCOUNT, 1, token(i))).toBe(true);
    expect(await tokens.add(ACCOUNT, 1, USDC)).toBe(false);
    expect(await tokens.list(ACCOUNT, 1)).toHaveLength(MAX_ADDED_TOKENS);
  });

  it('attack (Firefox): a token list a content script planted, or an earlier copy put back, reads as none', async () => {
    useRecordSealer(createRecordSealer(memoryRecordKeys()));
    const tokens = createAddedTokens();
    await tokens.add(ACCOUNT, 1, USDC);
    const earlier = (await fakeBrowser.storage.local.get(ADDED_TOKENS_KEY))[ADDED_TOKENS_KEY];
    await tokens.remove(ACCOUNT, 1, USDC.address);
    await fakeBrowser.storage.local.set({ [ADDED_TOKENS_KEY]: earlier });
    expect(await tokens.list(ACCOUNT, 1)).toEqual([]);
    const planted = { [`1:${ACCOUNT.toLowerCase()}`]: [{ ...token(9), symbol: 'USDC' }] };
    await fakeBrowser.storage.local.set({ [ADDED_TOKENS_KEY]: planted });
    expect(await tokens.list(ACCOUNT, 1)).toEqual([]);
  });
});
