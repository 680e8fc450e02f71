// The sponsor service: ERC-7769's bundler methods for the operations Encore builds, paid by the
// sponsor's own transaction (a bundler of one operation: handleOps([op]) with the account's
// EIP-7702 authorization when it upgrades). Cheapest checks first, so a refusal costs little:
// params → EntryPoint → the batch's shape → policy (calls, deadline, gas) → [send: the account's
// signature] → the account's last operation in a block → budgets → delegation → [send: claim and
// spend, then simulate, then submit].
// Nothing is paid before the simulations pass, and a refusal after the claim gives it back.

import {
  type Address,
  bytes32Schema,
  encodeHandleOps,
  entryPointAbi,
  type Hex,
  InvalidUserOperationError,
  packUserOperation,
  type ReadUserOperation,
  readRpcUserOperation,
  toQuantity,
  userOperationHash,
} from '@encore-wallet/calls';
import { readLatestBlock } from '@encore-wallet/utils/chain-rpc';
import { getAddress, Interface, recoverAddress } from 'ethers';
import { z } from 'zod';
import type { SponsorBudget } from '../store/sponsor-store.ts';
import type { Store } from '../store/store.ts';
import { checkDelegation } from './account-delegation.ts';
import { settledOperations } from './account-operations.ts';
import { callGasOf } from './call-gas.ts';
import { createSponsorChain, type SponsorChain } from './sponsor-chain.ts';
import type { SponsorOptions } from './sponsor-config.ts';
import { SponsorError } from './sponsor-error.ts';
import { checkPolicy } from './sponsor-policy.ts';
import { operationReceipt } from './sponsor-receipt.ts';
import { accountBusy, budgetRefusal } from './sponsor-refusals.ts';

/** Gas the delegate's validation gets: signature, deadline, the delegation marker (~40k used). */
export const VERIFICATION_GAS = 200_000n;
const DAY_MS = 86_400_000;

export interface SponsorStatus {
  sponsor: string;
  entryPoint: string;
  delegate: string;
  inFlight: number;
  sentToday: number;
  perDay: number;
}

export interface Sponsor {
  /** The result of one JSON-RPC request; throws SponsorError for every refusal. */
  handle(method: string, params: unknown, clientBucket: string): Promise<unknown>;
  status(): Promise<SponsorStatus>;
  stop(): Promise<void>;
}

const delegateAbi = new Interface(['function entryPoint() view returns (address)']);

const opParamsSchema = z.tuple([z.unknown(), z.string()], {
  error: 'params must be [userOperation, entryPoint]',
});
const hashParamsSchema = z.tuple([bytes32Schema], { error: 'params must be [userOpHash]' });

export function startSponsor(
  store: Store,
  options: SponsorOptions,
  log?: (line: string) => void,
  now: () => number = Date.now,
  chain: SponsorChain = createSponsorChain(options.rpcUrl, options.privateKey),
): Sponsor {
  const entryPoint = getAddress(options.entryPoint) as Address;
  const delegate = getAddress(options.delegate) as Address;
  let ready: Promise<number> | undefined;
  const pruner = setInterval(
    () => void store.sponsor.prune(day() - 1).catch(() => log?.('sponsor: pruning failed')),
    3_600_000,
  );
  pruner.unref();

  function day(): number {
    return Math.floor(now() / DAY_MS);
  }
  const untilTomorrow = () => Math.ceil(((day() + 1) * DAY_MS - now()) / 1000);

  function unavailable(error: unknown): SponsorError {
    if (error instanceof SponsorError) return error;
    log?.(`sponsor: chain error (${(error as Error).name})`);
    return new SponsorError(
      'SPONSOR_CHAIN_UNAVAILABLE',
      'the chain did not answer; try again later',
      {
        cause: error,
      },
    );
  }

  /** The chain id, once the chain shows the EntryPoint and a delegate bound to it. */
  function chainId(): Promise<number> {
    ready ??= (async () => {
      const id = Number(BigInt(String(await chain.rpc.request('eth_chainId', []))));
      const [entryPointCode, bound] = await Promise.all([
        chain.rpc.request('eth_getCode', [entryPoint, 'latest']),
        chain.rpc.request('eth_call', [
          { to: delegate, data: delegateAbi.encodeFunctionData('entryPoint') },
          'latest',
        ]),
      ]);
      let boundTo = '';
      try {
        boundTo = String(delegateAbi.decodeFunctionResult('entryPoint', String(bound))[0]);
      } catch {
        // No delegate there: refused below.
      }
      if (entryPointCode === '0x' || boundTo !== entryPoint) {
        throw new SponsorError(
          'SPONSOR_CHAIN_UNAVAILABLE',
          'the configured EntryPoint or delegate is not on this chain',
        );
      }
      return id;
    })();
    ready.catch(() => {
      ready = undefined;
    });
    return ready.catch((error: unknown) => {
      throw unavailable(error);
    });
  }

  async function readOperation(params: unknown): Promise<ReadUserOperation> {
    const parsed = opParamsSchema.safeParse(params);
    if (!parsed.success)
      throw new SponsorError(
        'SPONSOR_BAD_REQUEST',
        parsed.error.issues[0]?.message ?? 'bad params',
      );
    const [op, named] = parsed.data;
    if (named.toLowerCase() !== entryPoint.toLowerCase()) {
      throw new SponsorError(
        'SPONSOR_WRONG_ENTRY_POINT',
        `this sponsor submits through ${entryPoint} only`,
      );
    }
    try {
      return readRpcUserOperation(op, { chainId: await chainId(), entryPoint, delegate });
    } catch (error) {
      if (error instanceof InvalidUserOperationError)
        throw new SponsorError('SPONSOR_BAD_REQUEST', error.message);
      throw error;
    }
  }

  function refuseBudget(budget: SponsorBudget): never {
    throw budgetRefusal(budget, untilTomorrow());
  }

  const limits = () => ({
    day: day(),
    perListener: options.perListenerPerDay,
    perClient: options.perClientPerDay,
    perDay: options.perDay,
  });

  /** The chain's time: the EntryPoint judges deadlines by block timestamps, not this clock. */
  async function chainSeconds(): Promise<number> {
    try {
      return Number((await readLatestBlock(chain.rpc)).timestamp);
    } catch (error) {
      throw unavailable(error);
    }
  }

  /** The account's operations that do not hold this one back (account-operations.ts). */
  function settled(account: Address, except: Hex, clientBucket: string, now: number) {
    return settledOperations(
      {
        store: store.sponsor,
        rpc: chain.rpc,
        entryPoint,
        account,
        except,
        clientBucket,
        chainSeconds: now,
      },
      async (read) => {
        try {
          return await read();
        } catch (error) {
          throw unavailable(error);
        }
      },
    );
  }

  async function estimate(params: unknown, clientBucket: string): Promise<unknown> {
    const { batch, authorization } = await readOperation(params);
    const now = await chainSeconds();
    checkPolicy(batch, options, now);
    await settled(batch.account, userOperationHash(batch), clientBucket, now);
    const spent = await store.sponsor.exhausted({
      ...limits(),
      sender: batch.account.toLowerCase(),
      clientBucket,
    });
    if (spent) refuseBudget(spent);
    try {
      const delegation = await checkDelegation({
        rpc: chain.rpc,
        chainId: batch.chainId,
        delegate,
        batch,
        authorization,
        signed: false,
      });
      const preVerificationGas =
        21_000n + 16n * BigInt((packUserOperation(batch).callData.length - 2) / 2);
      const cap = options.maxGas - VERIFICATION_GAS - preVerificationGas;
      if (cap <= 0n)
        throw new SponsorError('SPONSOR_TOO_MUCH_GAS', 'the calls leave no gas to run in');
      const found = await callGasOf({
        chain,
        entryPoint,
        account: batch.account,
        callData: packUserOperation(batch).callData,
        override: delegation.override,
        cap,
      });
      if ('reverted' in found) {
        throw new SponsorError(
          'SPONSOR_CALLS_REVERT',
          `the calls would revert${describeRevert(found.reverted.revertData)}`,
        );
      }
      return {
        preVerificationGas: toQuantity(preVerificationGas),
        verificationGasLimit: toQuantity(VERIFICATION_GAS),
        callGasLimit: toQuantity(found.gas + found.gas / 10n),
      };
    } catch (error) {
      throw unavailable(error);
    }
  }

  async function send(params: unknown, clientBucket: string): Promise<unknown> {
    const { batch, signature, authorization } = await readOperation(params);
    const now = await chainSeconds();
    checkPolicy(batch, options, now);
    const hash = userOperationHash(batch);
    let signer: string | null = null;
    try {
      signer = recoverAddress(hash, signature);
    } catch {
      signer = null;
    }
    // Only the account's own signature goes further: nobody spends its budget or claims its nonce.
    if (signer !== batch.account) {
      throw new SponsorError('SPONSOR_BAD_SIGNATURE', 'the operation is not signed by its account');
    }
    // The very operation sent before: its hash again, nothing sent or spent.
    if (await store.sponsor.sentTransaction(hash)) return hash;
    let delegation: Awaited<ReturnType<typeof checkDelegation>>;
    try {
      delegation = await checkDelegation({
        rpc: chain.rpc,
        chainId: batch.chainId,
        delegate,
        batch,
        authorization,
        signed: true,
      });
    } catch (error) {
      throw unavailable(error);
    }
    const claim = await store.sponsor.claim({
      ...limits(),
      userOpHash: hash,
      sender: batch.account.toLowerCase(),
      nonce: BigInt(packUserOperation(batch).nonce).toString(),
      clientBucket,
      settled: await settled(batch.account, hash, clientBucket, now),
      proven: true,
    });
    if (claim.kind === 'sent') return hash;
    if (claim.kind === 'account-busy') throw accountBusy();
    if (claim.kind === 'in-flight')
      throw new SponsorError('SPONSOR_DUPLICATE', 'this operation is being submitted');
    if (claim.kind === 'nonce-taken') {
      throw new SponsorError(
        'SPONSOR_DUPLICATE',
        'another operation of this account uses its nonce',
      );
    }
    if (claim.kind === 'budget') refuseBudget(claim.budget);

    let txHash: Hex;
    try {
      txHash = await submit(
        batch.account,
        packUserOperation(batch, signature),
        batch.gas.callGasLimit,
        delegation,
      );
    } catch (error) {
      await store.sponsor.release(hash).catch(() => log?.('sponsor: could not give a claim back'));
      throw unavailable(error);
    }
    await store.sponsor.markSent(hash, txHash);
    log?.(`sponsor: sent an operation for ${batch.calls.length} call(s)`);
    return hash;
  }

  async function submit(
    account: Address,
    op: ReturnType<typeof packUserOperation>,
    callGasLimit: bigint,
    delegation: Awaited<ReturnType<typeof checkDelegation>>,
  ): Promise<Hex> {
    const tx = {
      to: entryPoint,
      data: encodeHandleOps(op, chain.address),
      authorizationList: delegation.authorizationList,
    };
    const validation = await chain.simulate(tx);
    if (!validation.ok) {
      throw new SponsorError(
        'SPONSOR_REJECTED_ON_CHAIN',
        `the EntryPoint refuses it${describeRevert(validation.revertData)}`,
      );
    }
    // handleOps succeeds even when the calls revert (the EntryPoint records the failure): run them.
    const calls = await chain.simulate(
      {
        from: entryPoint,
        to: account,
        data: op.callData,
        authorizationList: [],
        gas: callGasLimit,
      },
      delegation.override,
    );
    if (!calls.ok) {
      throw new SponsorError(
        'SPONSOR_CALLS_REVERT',
        `the calls would revert${describeRevert(calls.revertData)}`,
      );
    }
    // The cap holds for the gas limit the transaction is signed with, margin included: that, not
    // the estimate, is what the sponsor may pay for.
    const estimated = await chain.estimateGas(tx);
    const gasLimit = estimated + estimated / 5n;
    if (gasLimit > options.maxGas) {
      throw new SponsorError(
        'SPONSOR_TOO_MUCH_GAS',
        `the transaction needs ${gasLimit} gas with its margin; this sponsor pays for at most ${options.maxGas}`,
      );
    }
    return chain.send({ ...tx, gasLimit, maxFeePerGas: options.maxFeePerGas });
  }

  async function receipt(params: unknown): Promise<unknown> {
    const parsed = hashParamsSchema.safeParse(params);
    if (!parsed.success)
      throw new SponsorError(
        'SPONSOR_BAD_REQUEST',
        parsed.error.issues[0]?.message ?? 'bad params',
      );
    const [hash] = parsed.data;
    const txHash = await store.sponsor.sentTransaction(hash);
    if (!txHash) return null;
    try {
      return await operationReceipt(chain, entryPoint, hash, txHash);
    } catch (error) {
      throw unavailable(error);
    }
  }

  return {
    async handle(method, params, clientBucket) {
      switch (method) {
        case 'eth_chainId':
          return toQuantity(await chainId());
        case 'eth_supportedEntryPoints':
          return [entryPoint];
        case 'eth_estimateUserOperationGas':
          return estimate(params, clientBucket);
        case 'eth_sendUserOperation':
          return send(params, clientBucket);
        case 'eth_getUserOperationReceipt':
          return receipt(params);
        default:
          throw new SponsorError(
            'SPONSOR_UNKNOWN_METHOD',
            `this sponsor does not serve ${method.slice(0, 64)}`,
          );
      }
    },
    async status() {
      const summary = await store.sponsor.summary(day());
      return { sponsor: chain.address, entryPoint, delegate, ...summary, perDay: options.perDay };
    },
    async stop() {
      clearInterval(pruner);
    },
  };
}

/** ": AA24 signature error" for the EntryPoint's reasons, the error selector otherwise. */
function describeRevert(data: Hex | null): string {
  if (!data || data.length < 10) return '';
  try {
    const parsed = entryPointAbi.parseError(data);
    if (parsed?.name === 'FailedOp' || parsed?.name === 'FailedOpWithRevert')
      return `: ${String(parsed.args.reason)}`;
  } catch {
    // Not the EntryPoint's: the calls' own error.
  }
  return ` (error ${data.slice(0, 10)})`;
}
