// Reading the chain as if the account already ran Encore's delegate, for the first batch a
// listener pays for, whose transaction carries the upgrade (EIP-7702). Until it is signed there is
// no authorization to show the node, so the account's code is put in place with a state override
// on eth_call (geth, Hardhat and most providers take one) and eth_getCode answers the delegation
// the transaction will set. eth_estimateGas takes no override on every node, so it is found here
// by bisection over eth_call's gas, plus the authorization's own intrinsic cost. What this reads
// only informs the window and the gas limit: what is signed is built from the approved batch.

import type { ChainRpc } from '@encore-wallet/utils/chain-rpc';

/** EIP-7702's PER_EMPTY_ACCOUNT_COST: intrinsic gas per authorization in the list. */
export const AUTHORIZATION_GAS = 25_000n;
/** The most gas a bisection tries: a batch needing more is refused by the estimate. */
const MAX_BATCH_GAS = 5_000_000n;
/** Stop once the bracket is this narrow (the send path adds its margin on top). */
const PRECISION_GAS = 2_000n;

const hex = (n: bigint): string => `0x${n.toString(16)}`;

/** The code an account running `delegate` has (EIP-7702's delegation designator). */
export const delegationCode = (delegate: string): string =>
  `0xef0100${delegate.slice(2).toLowerCase()}`;

export function delegatedReads(chain: ChainRpc, account: string, delegate: string): ChainRpc {
  const code = delegationCode(delegate);
  const override = { [account]: { code } };
  const isAccount = (value: unknown) =>
    typeof value === 'string' && value.toLowerCase() === account.toLowerCase();

  const call = (object: Record<string, unknown>, block: unknown = 'latest') =>
    chain.request('eth_call', [object, block, override]);

  /** Whether the call succeeds with `gas`. */
  async function fits(object: Record<string, unknown>, gas: bigint): Promise<boolean> {
    try {
      await call({ ...object, gas: hex(gas) });
      return true;
    } catch {
      return false;
    }
  }

  async function estimate(object: Record<string, unknown>): Promise<string> {
    // At the cap first: a failure there is the call's own (a revert), said as the node said it.
    await call({ ...object, gas: hex(MAX_BATCH_GAS) });
    let low = 21_000n;
    let high = MAX_BATCH_GAS;
    while (high - low > PRECISION_GAS) {
      const mid = (low + high) / 2n;
      if (await fits(object, mid)) high = mid;
      else low = mid;
    }
    return hex(high + AUTHORIZATION_GAS);
  }

  return {
    async request(method, params) {
      if (method === 'eth_call') {
        return call(params[0] as Record<string, unknown>, params[1]);
      }
      if (method === 'eth_getCode' && isAccount(params[0])) return code;
      if (method === 'eth_estimateGas') return estimate(params[0] as Record<string, unknown>);
      return chain.request(method, params);
    },
  };
}
