import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import {
  type AddedChain,
  addChainPatch,
  getSettings,
  knownChain,
  MAX_ADDED_CHAINS,
  spendingLimitFor,
  updateSettings,
} from '../../../lib/extension/settings/index.ts';

const polygon: AddedChain = {
  id: 137,
  name: 'Polygon',
  rpcUrl: 'https://polygon-rpc.example/v1',
  nativeCurrency: { name: 'POL', symbol: 'POL', decimals: 18 },
  blockExplorerUrls: [],
};

describe('added chains (settings.addedChains)', () => {
  beforeEach(() => fakeBrowser.reset());

  it('are saved, known with their RPC URL, and may become the current chain', async () => {
    await updateSettings({ addedChains: [polygon] });
    const saved = await updateSettings({ chainId: 137 });
    expect(saved.chainId).toBe(137);
    expect(knownChain(saved, 137)).toEqual({
      id: 137,
      name: 'Polygon',
      rpcUrl: polygon.rpcUrl,
      builtIn: false,
      currency: {
        symbol: polygon.nativeCurrency.symbol,
        decimals: polygon.nativeCurrency.decimals,
        name: polygon.nativeCurrency.name,
      },
      explorerUrl: polygon.blockExplorerUrls[0] ?? null,
    });
    expect(knownChain(saved, 1)).toMatchObject({ builtIn: true, rpcUrl: null });
    expect(knownChain(saved, 5)).toBeUndefined();
  });

  it('a chain id that is neither built in nor added is refused, changing nothing', async () => {
    await expect(updateSettings({ chainId: 137 })).rejects.toMatchObject({
      code: 'INVALID_INPUT',
      details: { issues: [expect.objectContaining({ path: 'chainId' })] },
    });
    expect((await getSettings()).chainId).toBe(1);
  });

  // Stored records are input: a bug, another build or someone with the profile may have written them.
  const hostile: [string, unknown, number[]][] = [
    ['not an array', { 137: polygon }, []],
    ['a javascript: RPC URL', [{ ...polygon, rpcUrl: 'javascript:alert(1)' }], []],
    ['credentials in the URL', [{ ...polygon, rpcUrl: 'https://u:p@node.example' }], []],
    ['a built-in chain id', [{ ...polygon, id: 1 }], []],
    ['a wrong type', [{ ...polygon, id: '137' }], []],
    ['an unknown field', [{ ...polygon, script: 'x' }], []],
    [
      'an ETH of 36 decimals',
      [{ ...polygon, nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 36 } }],
      [],
    ],
    ['a repeated id (the first is kept)', [polygon, { ...polygon, name: 'Other' }], [137]],
    ['one bad entry among good ones', [null, polygon, 'x'], [137]],
    ['too many entries', Array.from({ length: MAX_ADDED_CHAINS + 1 }, () => polygon), []],
  ];
  for (const [name, stored, ids] of hostile) {
    it(`a stored list with ${name} reads entry by entry`, async () => {
      await fakeBrowser.storage.local.set({
        'encore:settings': { addedChains: stored, chainId: 137, appName: 'kept' },
      });
      const settings = await getSettings();
      expect(settings.addedChains.map((chain) => chain.id)).toEqual(ids);
      expect(settings.appName).toBe('kept');
      // The current chain reads as the default unless its chain survived.
      expect(settings.chainId).toBe(ids.includes(137) ? 137 : 1);
      if (ids.length) expect(settings.addedChains[0]?.name).toBe('Polygon');
    });
  }

  it('attack: a re-add that changes the decimals drops the limit set in the old unit; the default applies', async () => {
    // 0.01 POL a day, in wei of 18 decimals: at 6 decimals the same number is 10^10 of the new one.
    const settings = await updateSettings({
      addedChains: [polygon],
      spendingLimits: {
        '137': { kind: 'daily', wei: '10000000000000000' },
        '1': { kind: 'unlimited' },
      },
    });
    const sixDecimals = { ...polygon, nativeCurrency: { name: 'Pol', symbol: 'PLC', decimals: 6 } };
    const saved = await updateSettings(addChainPatch(settings, sixDecimals));
    expect(saved.addedChains).toEqual([sixDecimals]);
    expect(saved.spendingLimits).toEqual({ '1': { kind: 'unlimited' } });
    expect(spendingLimitFor(saved, 137, { symbol: 'PLC', decimals: 6 })).toEqual({
      kind: 'daily',
      wei: '2000',
    });
  });

  it('a re-add that keeps the currency keeps the limit; a built-in chain gets only its RPC URL', async () => {
    const limits = { '137': { kind: 'daily', wei: '10000000000000000' } } as const;
    const settings = await updateSettings({ addedChains: [polygon], spendingLimits: limits });
    const moved = { ...polygon, rpcUrl: 'https://other.example' };
    expect(addChainPatch(settings, moved)).toEqual({ addedChains: [moved] });
    expect(addChainPatch(settings, { ...polygon, id: 1 })).toEqual({
      rpcUrls: { '1': polygon.rpcUrl },
    });
  });
});
