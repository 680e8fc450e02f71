// The demo page's habit with a wallet that does not know its chain: switch, and on 4902 add the
// chain (EIP-3085) then switch again; on a read answered 4901, add the chain's URL and read again.
import { describe, expect, it } from 'vitest';
import type { Eip1193Provider } from '../../../demo/site/eip1193.ts';
import { type RelayChain, useChain } from '../../../demo/site/favorite-flow.ts';

const CHAIN: RelayChain = {
  chainId: 31337,
  contract: `0x${'11'.repeat(20)}`,
  rpcUrl: 'http://127.0.0.1:8545',
};

function wallet(knows: boolean) {
  const calls: { method: string; params?: unknown }[] = [];
  let current = '0x1';
  let known = knows;
  const provider: Eip1193Provider = {
    request: async ({ method, params }) => {
      calls.push({ method, params });
      if (method === 'eth_chainId') return current;
      if (method === 'wallet_addEthereumChain') {
        known = true;
        return null;
      }
      if (method === 'wallet_switchEthereumChain') {
        if (!known) throw Object.assign(new Error('unknown chain'), { code: 4902 });
        current = (params as [{ chainId: string }])[0].chainId;
        return null;
      }
      throw new Error(`unexpected ${method}`);
    },
    on: () => undefined,
    removeListener: () => undefined,
  };
  return { provider, calls, current: () => current };
}

describe('demo: using the relayer chain', () => {
  it('a wallet that answers 4902 is asked to add the chain with the site URL, then switched', async () => {
    const w = wallet(false);
    await useChain(w.provider, CHAIN);
    expect(w.calls.map((call) => call.method)).toEqual([
      'eth_chainId',
      'wallet_switchEthereumChain',
      'wallet_addEthereumChain',
      'wallet_switchEthereumChain',
    ]);
    expect(w.calls[2]?.params).toEqual([
      {
        chainId: '0x7a69',
        chainName: 'Localhost 31337',
        rpcUrls: ['http://127.0.0.1:8545'],
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      },
    ]);
    expect(w.current()).toBe('0x7a69');
  });

  it('a wallet that knows the chain is only switched; without a site URL the 4902 stands', async () => {
    const knowing = wallet(true);
    await useChain(knowing.provider, CHAIN);
    expect(knowing.calls.map((call) => call.method)).not.toContain('wallet_addEthereumChain');
    await expect(
      useChain(wallet(false).provider, { ...CHAIN, rpcUrl: null }),
    ).rejects.toMatchObject({ code: 4902 });
  });
});
