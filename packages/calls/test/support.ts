// A delegate table and a scripted chain for @encore-wallet/calls' unit tests: the chain answers only the
// methods a test gives it, and records what it was asked.

import type { ChainRpc } from '@encore-wallet/utils/chain-rpc';
import { keccak256 } from 'ethers';
import type { DelegateTable, PinnedDelegate } from '../src/index.ts';

export const CHAIN_ID = 31337;
/** Stands for the delegate's runtime code. */
export const DELEGATE_CODE = '0x60806040deadbeef';

export const PINNED: PinnedDelegate = {
  chainId: CHAIN_ID,
  address: '0xCf7Ed3AccA5a467e9e704C703E8D87F634fB0Fc9',
  codeHash: keccak256(DELEGATE_CODE) as `0x${string}`,
  entryPoint: '0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0',
  delegationManager: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
  caveatEnforcers: {
    NativeTokenPeriodTransferEnforcer: '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512',
    ERC20PeriodTransferEnforcer: '0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0',
    ExactCalldataEnforcer: '0xDc64a140Aa3E981100a9becA4E685f962f0cF6C9',
    ValueLteEnforcer: '0x5FC8d32690cc91D4c39d9d3abcBD16989F875707',
    TimestampEnforcer: '0x0165878A594ca255338adfa4d48449f69242Eb8F',
  },
};

export const TABLE: DelegateTable = new Map([[CHAIN_ID, PINNED]]);

export interface ScriptedChain {
  rpc: ChainRpc;
  calls: { method: string; params: readonly unknown[] }[];
}

/** A chain whose node answers `answers[method](params)`; any other method fails the test. */
export function scriptedChain(
  answers: Record<string, (params: readonly unknown[]) => unknown>,
): ScriptedChain {
  const calls: ScriptedChain['calls'] = [];
  return {
    calls,
    rpc: {
      async request(method, params) {
        calls.push({ method, params });
        const answer = answers[method];
        if (!answer) throw new Error(`unexpected ${method}`);
        return answer(params);
      },
    },
  };
}
