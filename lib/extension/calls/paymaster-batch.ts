// A batch the site's ERC-7677 paymaster pays for, carried by the chain's ERC-4337 bundler (the
// one the settings name). Before the window: exactly what a sponsored batch prepares (the
// upgrade, deadline, nonce, the calls described); neither the paymaster nor the bundler hears
// anything, so a site cannot use the worker to probe or post to a URL before the person sees
// the window. After approval, in this order: the bundler serves this chain and Encore's
// EntryPoint; the upgrade is signed (for the pinned delegate only); the paymaster's stub data,
// whose paymaster contract must serve Encore's EntryPoint on this chain; the bundler's gas
// estimate; the paymaster's final data, which must name the same contract; then the listener
// signs the operation (its hash binds the paymaster and its data) and the bundler takes it.
// Whatever fails, nothing is signed that would take the fee from the listener's balance.

import {
  type Address,
  type BundlerClient,
  buildCallBatch,
  type Call,
  type CallsSigner,
  checkPaymasterContract,
  type DelegateTable,
  MAX_GAS_LIMIT,
  type PaidBatch,
  type PaymasterClient,
  PaymasterDoesNotPayError,
  type PaymasterFields,
  type PaymasterService,
  paidOperationHash,
  readPaidFees,
  type SentCalls,
  signPaidBatch,
  signUpgrade,
  sponsorHost,
  toRpcPaidOperation,
} from '@encore-wallet/calls';
import type { ChainRpc } from '@encore-wallet/utils/chain-rpc';
import type { CallsChain } from './calls-chain.ts';
import { prepareSponsoredBatch, type SponsoredBatch } from './sponsored-batch.ts';

/** ERC-4337's customary placeholder: a 65-byte signature of the right shape for estimates. */
const PLACEHOLDER_SIGNATURE =
  `0x${'ff'.repeat(15)}${'00'.repeat(17)}7a${'aa'.repeat(31)}1c` as const;

export interface PaymasterBatch extends SponsoredBatch {
  readonly paymasterService: PaymasterService;
  readonly bundlerUrl: string;
}

export async function preparePaymasterBatch(options: {
  table: DelegateTable;
  chain: CallsChain;
  account: Address;
  calls: readonly Call[];
  paymaster: PaymasterService;
  bundlerUrl: string;
  rpc: ChainRpc;
}): Promise<PaymasterBatch> {
  const batch = await prepareSponsoredBatch({ ...options, sponsorUrl: options.paymaster.url });
  return {
    ...batch,
    approval: { ...batch.approval, paymasterService: { bundler: sponsorHost(options.bundlerUrl) } },
    paymasterService: options.paymaster,
    bundlerUrl: options.bundlerUrl,
  };
}

function within(name: string, value: bigint | undefined, fallback: bigint): bigint {
  const chosen = value ?? fallback;
  if (chosen > MAX_GAS_LIMIT) {
    throw new PaymasterDoesNotPayError(`${name} ${chosen} is above ${MAX_GAS_LIMIT}`);
  }
  return chosen;
}

/** After the approval: the ERC-7677 and ERC-4337 exchange above; what is kept of the batch. */
export async function sendPaymasterBatch(
  prepared: PaymasterBatch,
  options: {
    table: DelegateTable;
    wallet: CallsSigner;
    rpc: ChainRpc;
    paymaster: PaymasterClient;
    bundler: BundlerClient;
    id?: string;
    /** Called once the operation is signed, before the signature is handed to the bundler. */
    signed?: () => Promise<void>;
  },
): Promise<{ sent: Extract<SentCalls, { kind: 'sponsored' }>; paymaster: Address }> {
  const { draft, upgrade } = prepared;
  const { bundler, paymaster, rpc } = options;
  const entryPoint = draft.entryPoint;
  await bundler.checkServes(draft.chainId, entryPoint);
  const authorization = upgrade ? signUpgrade(options.wallet, options.table, upgrade) : null;
  const fees = await readPaidFees(rpc);
  const request = (op: ReturnType<typeof toRpcPaidOperation>) => ({
    op,
    entryPoint,
    chainId: draft.chainId,
    context: prepared.paymasterService.context,
  });

  const stub = await paymaster.stubData(
    request(toRpcPaidOperation(draft, fees, null, PLACEHOLDER_SIGNATURE, authorization)),
  );
  await checkPaymasterContract(rpc, stub.paymaster, entryPoint);
  const estimate = await bundler.estimate(
    toRpcPaidOperation(draft, fees, stub, PLACEHOLDER_SIGNATURE, authorization),
    entryPoint,
  );
  // The shown batch with the bundler's gas limits, nothing else: calls, account, deadline and
  // nonce come from the draft.
  const batch = buildCallBatch({
    table: options.table,
    chainId: draft.chainId,
    account: draft.account,
    calls: draft.calls,
    deadline: draft.deadline,
    sequence: draft.sequence,
    gas: {
      callGasLimit: estimate.callGasLimit,
      verificationGasLimit: estimate.verificationGasLimit,
      preVerificationGas: estimate.preVerificationGas,
    },
  });
  const withGas: PaymasterFields = {
    ...stub,
    paymasterVerificationGasLimit: within(
      'paymasterVerificationGasLimit',
      estimate.paymasterVerificationGasLimit,
      stub.paymasterVerificationGasLimit,
    ),
    paymasterPostOpGasLimit: within(
      'paymasterPostOpGasLimit',
      estimate.paymasterPostOpGasLimit,
      stub.paymasterPostOpGasLimit,
    ),
  };
  const final = stub.isFinal
    ? withGas
    : await paymaster.finalData(
        request(toRpcPaidOperation(batch, fees, withGas, PLACEHOLDER_SIGNATURE, authorization)),
        stub,
      );
  const paid: PaidBatch = { batch, fees, paymaster: final };
  const signature = await signPaidBatch(options.wallet, options.table, paid);
  // A bundler that answers an error may still hold (and submit) the signed operation.
  await options.signed?.();
  await bundler.send(toRpcPaidOperation(batch, fees, final, signature, authorization), entryPoint);
  const userOpHash = paidOperationHash(paid);
  return {
    sent: {
      kind: 'sponsored',
      id: options.id ?? userOpHash,
      chainId: batch.chainId,
      entryPoint,
      userOpHash,
      fromBlock: prepared.fromBlock,
      deadline: batch.deadline,
      via: 'bundler',
    },
    paymaster: final.paymaster,
  };
}
