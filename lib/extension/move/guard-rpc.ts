import type { RpcDeps } from '../rpc/index.ts';
import { MoveInProgressError } from './errors.ts';
import type { MoveGate } from './move-gate.ts';

/**
 * The sites' pipeline deps with the move gate in front of every chain change a site can make
 * (switch, add-and-switch); their send path is the gate's guarded one (MoveGate.guard).
 */
export function guardRpcDeps(deps: RpcDeps, gate: MoveGate): RpcDeps {
  const still = async () => {
    if (gate.moving()) throw new MoveInProgressError();
  };
  return {
    ...deps,
    chain: {
      ...deps.chain,
      set: async (chainId) => {
        await still();
        return deps.chain.set(chainId);
      },
      add: async (chain) => {
        await still();
        return deps.chain.add(chain);
      },
    },
    // A grant lets a site take from the account later: none is signed while everything moves out.
    spendPermissions: {
      ...deps.spendPermissions,
      grant: async (...args) => {
        await still();
        return deps.spendPermissions.grant(...args);
      },
    },
  };
}
