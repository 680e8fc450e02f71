// A stored grant as the worker keeps one, for tests of what reads the grant store.
import type { StoredGrant } from '../../../lib/extension/spend-permissions/index.ts';

export const LISTENER = '0x4BaF24C11b91D3415A10fE39B4283170477d0A3f';
export const SESSION_ACCOUNT = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
export const MANAGER = '0xdb9B1e94B5b69Df7e401DDbedE43491141047dB3';
export const SITE = 'https://music.example';

/** A native grant of 0.001 ETH a month for a year; `overrides` change any field. */
export function storedGrant(overrides: Partial<StoredGrant> = {}): StoredGrant {
  return {
    id: `0x${'1a'.repeat(32)}`,
    chainId: 31337,
    account: LISTENER,
    origin: SITE,
    redeemer: SESSION_ACCOUNT,
    token: { kind: 'native' },
    periodAmount: '1000000000000000',
    periodSeconds: 2_592_000,
    startTime: 1_900_000_000,
    expiry: 1_931_536_000,
    maxTotal: '13000000000000000',
    delegationManager: MANAGER,
    context: '0x1234',
    delegation: {
      delegate: SESSION_ACCOUNT,
      delegator: LISTENER,
      authority: `0x${'ff'.repeat(32)}`,
      caveats: [{ enforcer: MANAGER, terms: '0x00', args: '0x' }],
      salt: '0x2a',
      signature: `0x${'cd'.repeat(65)}`,
    },
    request: { chainId: '0x7a69', to: SESSION_ACCOUNT },
    grantedAt: 1_899_999_000_000,
    ...overrides,
  } as StoredGrant;
}
