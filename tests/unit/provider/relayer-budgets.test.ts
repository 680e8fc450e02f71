// The demo relayer's budgets against a client that rotates what it can rotate for free: fresh
// listener keys, and addresses within its own IPv6 /64. The chain is a fake that counts sends.

import { limitKey } from '@encore-wallet/utils/http';
import { Wallet } from 'ethers';
import { describe, expect, it } from 'vitest';
import { type RelayConfig, relayConfigFromEnv } from '../../../demo/server/relay/config.ts';
import type { FavoritesChain } from '../../../demo/server/relay/favorites-chain.ts';
import { createRelayer } from '../../../demo/server/relay/relayer.ts';
import {
  FAVORITE_TYPES,
  type FavoriteChain,
  favoriteDomain,
  favoriteTypedData,
} from '../../../demo/shared/favorite.ts';

const WHERE: FavoriteChain = { chainId: 31337, contract: `0x${'fa'.repeat(20)}` };

function relayerWith(overrides: Partial<RelayConfig>) {
  const base = relayConfigFromEnv({
    CHAIN_RPC_URL: 'http://127.0.0.1:8545',
    RELAYER_KEY: `0x${'11'.repeat(32)}`,
    FAVORITES_ADDRESS: WHERE.contract,
  });
  if (!base) throw new Error('relay config missing');
  const sent: string[] = [];
  const chain: FavoritesChain = {
    domain: favoriteDomain(WHERE),
    relayerAddress: `0x${'22'.repeat(20)}`,
    nonceOf: async () => 0n,
    submit: async ({ message }) => {
      sent.push(message.listener);
      return `0x${sent.length.toString(16).padStart(64, '0')}`;
    },
    close: () => undefined,
  };
  const relayer = createRelayer({
    config: { ...base, ...overrides },
    chain,
    catalog: { getUserIdByWallet: async () => null },
  });
  return { relayer, sent };
}

async function freshFavorite() {
  const listener = Wallet.createRandom();
  const message = {
    listener: listener.address,
    trackId: 'T1',
    nonce: '0',
    deadline: String(Math.floor(Date.now() / 1000) + 600),
  };
  const signature = await listener.signTypedData(favoriteDomain(WHERE), FAVORITE_TYPES, message);
  return { typedData: favoriteTypedData(WHERE, message), signature };
}

const codeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'sent',
    (error: { code?: string }) => error.code,
  );

describe('demo relayer budgets', () => {
  it('attack: one machine rotating through its IPv6 /64 with fresh listeners has one address budget', async () => {
    const { relayer, sent } = relayerWith({ perClientAddress: { limit: 3, windowSeconds: 3600 } });
    const codes: unknown[] = [];
    for (let i = 1; i <= 6; i++) {
      codes.push(await codeOf(relayer.relayFavorite(await freshFavorite(), `2001:db8:1:2::${i}`)));
    }
    expect(codes).toEqual(['sent', 'sent', 'sent', ...Array(3).fill('RELAY_ADDRESS_BUDGET')]);
    expect(sent).toHaveLength(3);
  });

  it('attack: many clients with fresh listeners share one total budget', async () => {
    const { relayer, sent } = relayerWith({ total: { limit: 4, windowSeconds: 3600 } });
    const codes: unknown[] = [];
    for (let i = 1; i <= 8; i++) {
      codes.push(await codeOf(relayer.relayFavorite(await freshFavorite(), `198.51.100.${i}`)));
    }
    expect(codes).toEqual([...Array(4).fill('sent'), ...Array(4).fill('RELAY_TOTAL_BUDGET')]);
    expect(sent).toHaveLength(4);
  });

  it('keys IPv6 by /64 and IPv4 (also mapped) as it is', () => {
    expect(limitKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(limitKey('2001:0db8:0001:0002:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(limitKey('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(limitKey('203.0.113.9')).toBe('203.0.113.9');
  });
});
