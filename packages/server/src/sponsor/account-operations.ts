// Which of an account's recorded operations hold a new one back, shared by POST /sponsor and the
// paymaster. An account's operations go one at a time: the next is simulated only once the chain
// holds what the last one did, so calls that revert the second time (a favorite signed under two
// deadlines, two nonce keys) are never paid for twice. A paymaster's claim proves nothing about
// who asked (any client may name any sender), so it holds back only the client that asked: a
// stranger's requests never make the account's own client wait. On the way, a signed claim whose
// nonce the account used is counted in the listener's budget, and one never used before its
// deadline is forgotten.
import { type Address, deadlineOf, readEntryPointNonce } from '@encore-wallet/calls';
import type { ChainRpc } from '@encore-wallet/utils/chain-rpc';
import type { SponsorStore } from '../store/sponsor-store.ts';
import { accountBusy } from './sponsor-refusals.ts';

export interface AccountOperationsRequest {
  store: SponsorStore;
  rpc: ChainRpc;
  entryPoint: Address;
  account: Address;
  /** The operation being claimed: not counted against itself. */
  except: string;
  clientBucket: string;
  /** The latest block's timestamp: deadlines are the chain's. */
  chainSeconds: number;
}

/**
 * The account's operations that do not hold this one back, for the claim's `settled`; throws
 * SPONSOR_ACCOUNT_BUSY (with the seconds until the blocking one can no longer run) otherwise.
 * `onChain` wraps each chain read (the caller's refusal when the chain does not answer).
 */
export async function settledOperations(
  request: AccountOperationsRequest,
  onChain: <T>(read: () => Promise<T>) => Promise<T>,
): Promise<string[]> {
  const { store, account, chainSeconds } = request;
  const settled: string[] = [];
  const nextNonce = new Map<bigint, Promise<bigint>>();
  /** Whether the account's EntryPoint nonce moved past `nonce`: it ran, or another took its place. */
  const used = async (nonce: bigint): Promise<boolean> => {
    const key = nonce >> 64n;
    let next = nextNonce.get(key);
    if (!next) {
      next = onChain(() => readEntryPointNonce(request.rpc, request.entryPoint, account, key));
      nextNonce.set(key, next);
    }
    return (await next) > nonce;
  };

  for (const op of await store.operationsOf(account.toLowerCase())) {
    if (op.userOpHash === request.except) continue;
    const nonce = BigInt(op.nonce);
    const deadline = deadlineOf(nonce);
    const expired = deadline <= chainSeconds;
    switch (op.status) {
      case 'landed':
        settled.push(op.userOpHash);
        continue;
      case 'signed':
        if (await used(nonce)) {
          await store.landed(op.userOpHash);
          settled.push(op.userOpHash);
          continue;
        }
        if (expired) {
          await store.expire(op.userOpHash);
          settled.push(op.userOpHash);
          continue;
        }
        if (op.clientBucket !== request.clientBucket) {
          settled.push(op.userOpHash);
          continue;
        }
        throw accountBusy(deadline - chainSeconds);
      case 'signing':
        if (expired || op.clientBucket !== request.clientBucket) {
          settled.push(op.userOpHash);
          continue;
        }
        throw accountBusy(deadline - chainSeconds);
      case 'sent':
        // A paymaster's claim recorded before claims were told apart holds its own digest as its
        // transaction: it proves nothing about who asked, so it holds nothing back.
        if (expired || op.txHash === op.userOpHash) {
          settled.push(op.userOpHash);
          continue;
        }
        if (await onChain(() => hasReceipt(request.rpc, op.txHash))) {
          settled.push(op.userOpHash);
          continue;
        }
        throw accountBusy(deadline - chainSeconds);
      case 'claimed':
        if (expired) {
          settled.push(op.userOpHash);
          continue;
        }
        throw accountBusy(deadline - chainSeconds);
    }
  }
  return settled;
}

async function hasReceipt(rpc: ChainRpc, txHash: string | null): Promise<boolean> {
  if (!txHash) return false;
  const receipt = await rpc.request('eth_getTransactionReceipt', [txHash]);
  return receipt !== null && receipt !== undefined;
}
