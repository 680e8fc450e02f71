// What the chain says about the destination before everything is sent there, for the warnings:
// code at the address (a contract, or an account delegated by EIP-7702: make sure it can send
// funds on again on this chain), or no trace of use at all (no transaction sent, nothing held:
// a fresh address is fine for a new hardware wallet, and also what a typo looks like).

import {
  type ChainRpc,
  quantityAnswer,
  readAnswer,
  readBalance,
  readCode,
} from '@encore-wallet/utils/chain-rpc';

export interface DestinationFacts {
  /** Code at the address: `contract`, an EIP-7702 `delegated` account, or null for none. */
  readonly code: 'contract' | 'delegated' | null;
  /** No transaction sent from it, nothing held, no code: never used on this chain. */
  readonly neverUsed: boolean;
  /** Wei, decimal: its balance before the move (what arrived is measured from it). */
  readonly balanceWei: string;
}

/** EIP-7702's delegation designator: 0xef0100 followed by the delegate's address. */
const DELEGATION = /^0xef0100[0-9a-f]{40}$/i;

export async function readDestinationFacts(
  chain: ChainRpc,
  destination: string,
): Promise<DestinationFacts> {
  const [code, nonce, balance] = await Promise.all([
    readCode(chain, destination),
    readAnswer(chain, 'eth_getTransactionCount', [destination, 'latest'], quantityAnswer),
    readBalance(chain, destination),
  ]);
  const kind = code === '0x' ? null : DELEGATION.test(code) ? 'delegated' : 'contract';
  return {
    code: kind,
    neverUsed: kind === null && nonce === 0n && balance === 0n,
    balanceWei: balance.toString(),
  };
}
