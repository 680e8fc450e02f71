// Each call of a batch as the window shows it: decoded as a transaction of its own would be (the
// token read on chain, the known signature), in one line, with the warnings that call deserves on
// its own (an unlimited approval hidden among harmless calls is still called out).

import type { Call } from '@encore-wallet/calls';
import type { ChainRpc } from '@encore-wallet/utils/chain-rpc';
import {
  approvalSize,
  type CanonicalTransaction,
  describeCall,
  type NativeCurrency,
  summarize,
  warningsFor,
} from '../../transactions/index.ts';
import type { CallsApproval } from '../approvals/index.ts';

export type DescribedCall = CallsApproval['calls'][number];

export async function describeCalls(
  calls: readonly Call[],
  context: { chainId: number; account: string; currency: NativeCurrency; chain: ChainRpc },
): Promise<DescribedCall[]> {
  return Promise.all(
    calls.map(async (call) => {
      const tx: CanonicalTransaction = {
        chainId: context.chainId,
        from: context.account,
        to: call.to,
        value: call.value.toString(),
        data: call.data,
        gasLimit: '0',
        fee: { type: 0, gasPrice: '0' },
        nonce: null,
        accessList: [],
      };
      const description = await describeCall(tx, context.chain);
      const warnings = warningsFor({
        transaction: tx,
        call: description,
        simulation: { outcome: 'success' },
        toHasCode: null,
        balanceWei: null,
        maxCostWei: 0n,
      });
      return {
        to: call.to,
        value: call.value.toString(),
        data: call.data,
        call: description,
        summary: summarize(tx, description, context.currency),
        warnings,
        approval: approvalSize(description),
      };
    }),
  );
}
