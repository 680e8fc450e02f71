// The worker's calls service for one listener on a sponsored chain, with the transaction service it
// sends through: what the integration tests of batches the listener pays for drive.

import type { CallsSigner } from '@encore-wallet/calls';
import type { CallsService, SentCallsStore, StoredCalls } from '../../lib/extension/calls/index.ts';
import { createCallsService } from '../../lib/extension/calls/index.ts';
import { createNodeClient } from '../../lib/extension/node/index.ts';
import {
  createNonceReservations,
  createTransactionService,
} from '../../lib/extension/transactions/index.ts';
import type { SpendingLimit, SpendingRecord } from '../../lib/transactions/index.ts';
import type { SponsoredChain } from './sponsored-chain.ts';

const CURRENCY = { symbol: 'ETH', decimals: 18 };

function memoryStore(): SentCallsStore {
  const kept = new Map<string, StoredCalls>();
  const key = (account: string, origin: string, id: string) => `${account}|${origin}|${id}`;
  return {
    find: async (account, origin, id) => kept.get(key(account, origin, id)) ?? null,
    add: async (account, origin, calls) =>
      void kept.set(key(account, origin, calls.sent.id), calls),
  };
}

/** The calls service signing with `listener`, and the spending records it leaves. */
export function ownCallsServices(
  sc: SponsoredChain,
  listener: CallsSigner,
  limit: SpendingLimit = { kind: 'unlimited' },
): { calls: CallsService; records: SpendingRecord[] } {
  const chain = { id: sc.chain.chainId, name: 'Local development', currency: CURRENCY };
  const node = createNodeClient({
    currentChain: async () => ({ ...chain, rpcUrl: sc.chain.url }),
  });
  const records: SpendingRecord[] = [];
  const transactions = createTransactionService({
    node,
    currentChain: async () => ({ ...chain, limit }),
    ledger: {
      read: async () => [...records],
      add: async (_account, _chainId, record) => void records.push(record),
    },
    nonces: createNonceReservations(),
  });
  const calls = createCallsService({
    table: sc.table,
    node,
    currentChain: async () => chain,
    chainIds: async () => [chain.id],
    store: memoryStore(),
    wallet: async () => listener,
    transactions,
  });
  return { calls, records };
}

/** `wallet_sendCalls`'s parameters for an atomic batch from `from` on the chain. */
export function atomicCallsParams(
  sc: SponsoredChain,
  from: string,
  calls: { to: string; data: string; value?: string }[],
) {
  return {
    id: undefined,
    from,
    chainId: sc.chain.chainId,
    atomicRequired: true,
    rawCalls: calls,
    capabilities: {},
  };
}

/** The batch's status once it left pending (polls the service, up to 10 s). */
export async function settledCallsStatus(
  calls: CallsService,
  origin: string,
  account: string,
  id: string,
) {
  for (let i = 0; i < 50; i++) {
    const status = await calls.status(origin, account, id);
    if (status.status !== 100) return status;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('the batch stayed pending');
}
