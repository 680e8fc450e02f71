// A spend permission as the wallet makes it, for tests of what the listener sees: the canonical
// grant built by hand (what parsePermissionRequest would answer), its delegation built and
// signed through lib/permissions with the listener's key, kept as the grant store keeps it.

import { Wallet } from 'ethers';
import type { Hex } from 'viem';
// Its own files, not the folder's index: the browser tests load this in Node, where the store's
// storage modules (extension APIs) cannot load.
import type { GrantStore } from '../../lib/extension/spend-permissions/grant-store.ts';
import type { StoredGrant } from '../../lib/extension/spend-permissions/stored-grant.ts';
import { storedGrantFrom } from '../../lib/extension/spend-permissions/stored-grant-from.ts';
import {
  buildGrantDelegation,
  type CanonicalGrant,
  delegationTypedData,
  type GrantEnforcers,
  permissionContext,
  randomSalt,
} from '../../lib/permissions/index.ts';

export interface SeedGrant {
  readonly listenerKey: Hex;
  readonly chainId: number;
  readonly framework: { delegationManager: string; caveatEnforcers: GrantEnforcers };
  readonly origin: string;
  readonly redeemer: string;
  /** Omitted: the chain's currency. */
  readonly token?: { address: string; symbol: string | null; decimals: number };
  readonly periodAmount: bigint;
  readonly periodSeconds: number;
  readonly start: number;
  readonly expiry: number;
}

/** The signed grant as the store keeps it, and the permission context the site redeems with. */
export async function seedGrant(seed: SeedGrant): Promise<{ record: StoredGrant; context: Hex }> {
  const wallet = new Wallet(seed.listenerKey);
  const periods = Math.ceil((seed.expiry - seed.start) / seed.periodSeconds);
  const grant: CanonicalGrant = {
    type: seed.token ? 'erc20-token-periodic' : 'native-token-periodic',
    chainId: seed.chainId,
    origin: seed.origin,
    from: wallet.address,
    redeemer: seed.redeemer,
    token: seed.token
      ? { kind: 'erc20', ...seed.token }
      : { kind: 'native', symbol: 'ETH', decimals: 18 },
    periodAmount: seed.periodAmount,
    periodSeconds: seed.periodSeconds,
    start: seed.start,
    expiry: seed.expiry,
    periods,
    maxTotal: seed.periodAmount * BigInt(periods),
    justification: null,
  };
  const { delegationManager, caveatEnforcers } = seed.framework;
  const delegation = buildGrantDelegation(grant, caveatEnforcers, randomSalt());
  const typed = delegationTypedData(delegation, seed.chainId, delegationManager);
  const signature = (await wallet.signTypedData(typed.domain, typed.types, typed.message)) as Hex;
  const signed = { ...delegation, signature };
  const context = permissionContext(signed);
  const record = storedGrantFrom({
    grant,
    signed,
    context,
    delegationManager,
    request: { chainId: `0x${seed.chainId.toString(16)}`, to: seed.redeemer },
    grantedAt: Date.now(),
  });
  return { record, context };
}

/** A grant store in memory, for the list and the revoke. */
export function memoryGrantStore(
  records: StoredGrant[] = [],
): GrantStore & { records: StoredGrant[] } {
  const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
  return {
    records,
    async list(account, chainId) {
      return records.filter((r) => same(r.account, account) && r.chainId === chainId);
    },
    async get(id) {
      return records.find((r) => same(r.id, id)) ?? null;
    },
    async add(grant) {
      records.push(grant);
    },
    async markRevoked(id, revoked) {
      const index = records.findIndex((r) => same(r.id, id));
      const found = records[index];
      if (!found) return false;
      records[index] = { ...found, revoked };
      return true;
    },
  };
}
