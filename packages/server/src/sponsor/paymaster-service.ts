// The reference sponsor as an ERC-7677 paymaster service for EncorePaymaster (OpenZeppelin's
// PaymasterSigner on chain): `pm_getPaymasterStubData`, `pm_getPaymasterData`,
// `pm_supportedEntryPoints`. It pays under the sponsor's own rules, shared with POST /sponsor:
// only the listed calls (allowed-calls.ts), at most maxCalls, the per-listener, per-client and
// per-day budgets (the same store, the same counters), only for accounts running Encore's
// delegate, and never for calls that would revert (simulated as the EntryPoint runs them before
// anything is signed). Nothing in a request shows it comes from the account it names, so the final
// data spends the asking client's and the global budget, and counts in the listener's only once
// the account used its nonce (account-operations.ts); its deadline is bounded as POST /sponsor's,
// and an authorization it carries must be the sender's own (paymaster-authorization.ts).

import {
  AccountNotDelegatableError,
  type Address,
  deadlineOf,
  decodeExecute,
  delegateOfCode,
  type Hex,
  toQuantity,
} from '@encore-wallet/calls';
import { readCode, readLatestBlock } from '@encore-wallet/utils/chain-rpc';
import { getAddress, Wallet } from 'ethers';
import type { SponsorBudget } from '../store/sponsor-store.ts';
import type { Store } from '../store/store.ts';
import { settledOperations } from './account-operations.ts';
import { allowedEntryFor } from './allowed-calls.ts';
import { checkPaymasterAuthorization } from './paymaster-authorization.ts';
import {
  type PaymasterRequest,
  type PaymasterResult,
  paymasterParamsSchema,
} from './paymaster-protocol.ts';
import {
  encodePaymasterData,
  type PaymasterGas,
  paymasterRequestHash,
  STUB_SIGNATURE,
  signPaymasterData,
} from './paymaster-signature.ts';
import { createSponsorChain, type SponsorChain } from './sponsor-chain.ts';
import type { SponsorOptions } from './sponsor-config.ts';
import { SponsorError } from './sponsor-error.ts';
import { checkDeadline } from './sponsor-policy.ts';
import { accountBusy, budgetRefusal } from './sponsor-refusals.ts';

/** Gas EncorePaymaster's validation takes at most (an EIP-712 hash and one ecrecover), and none after. */
export const PAYMASTER_GAS: PaymasterGas = { verification: 60_000n, postOp: 0n };
/** How long a signed paymasterData stays valid (bounded by SPONSOR_MAX_DEADLINE_SECONDS). */
export const PAYMASTER_VALID_SECONDS = 600;
/** The most a fee per gas may exceed the node's gas price by: ×3, plus 2 gwei of tip (under SPONSOR_MAX_FEE_PER_GAS). */
const FEE_MULTIPLIER = 3n;
const FEE_ALLOWANCE = 2_000_000_000n;
const DAY_MS = 86_400_000;

export interface PaymasterService {
  /** The result of one JSON-RPC request; throws SponsorError for every refusal. */
  handle(method: string, params: unknown, clientBucket: string): Promise<unknown>;
}

export function startPaymasterService(
  store: Store,
  options: SponsorOptions,
  paymasterAddress: string,
  log?: (line: string) => void,
  now: () => number = Date.now,
  chain: SponsorChain = createSponsorChain(options.rpcUrl, options.privateKey),
): PaymasterService {
  const entryPoint = getAddress(options.entryPoint) as Address;
  const delegate = getAddress(options.delegate) as Address;
  const paymaster = getAddress(paymasterAddress) as Address;
  const signer = new Wallet(options.privateKey);
  let chainIdOnce: Promise<bigint> | undefined;

  const day = () => Math.floor(now() / DAY_MS);
  const untilTomorrow = () => Math.ceil(((day() + 1) * DAY_MS - now()) / 1000);
  const limits = () => ({
    day: day(),
    perListener: options.perListenerPerDay,
    perClient: options.perClientPerDay,
    perDay: options.perDay,
  });

  function unavailable(error: unknown): SponsorError {
    if (error instanceof SponsorError) return error;
    log?.(`paymaster: chain error (${(error as Error).name})`);
    return new SponsorError(
      'SPONSOR_CHAIN_UNAVAILABLE',
      'the chain did not answer; try again later',
      {
        cause: error,
      },
    );
  }

  async function onChain<T>(read: () => Promise<T>): Promise<T> {
    try {
      return await read();
    } catch (error) {
      throw unavailable(error);
    }
  }

  function chainId(): Promise<bigint> {
    chainIdOnce ??= onChain(async () => {
      const code = await readCode(chain.rpc, paymaster);
      if (code === '0x') {
        throw new SponsorError(
          'SPONSOR_CHAIN_UNAVAILABLE',
          'the configured paymaster is not on this chain',
        );
      }
      return BigInt(String(await chain.rpc.request('eth_chainId', [])));
    });
    chainIdOnce.catch(() => {
      chainIdOnce = undefined;
    });
    return chainIdOnce;
  }

  function refuseBudget(budget: SponsorBudget): never {
    throw budgetRefusal(
      budget,
      budget === 'client' || budget === 'listener' ? untilTomorrow() : undefined,
    );
  }

  async function readRequest(params: unknown): Promise<PaymasterRequest> {
    const parsed = paymasterParamsSchema.safeParse(params);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const [index, ...fields] = issue?.path ?? [];
      const where =
        index === undefined
          ? ''
          : `params[${String(index)}]${fields.map((f) => `.${String(f)}`).join('')}: `;
      throw new SponsorError(
        'SPONSOR_BAD_REQUEST',
        `${where}${issue?.message ?? 'invalid params'}`,
      );
    }
    const [op, requestedEntryPoint, requestedChainId] = parsed.data;
    if (requestedEntryPoint !== entryPoint) {
      throw new SponsorError(
        'SPONSOR_WRONG_ENTRY_POINT',
        `this paymaster pays only through the EntryPoint ${entryPoint}`,
      );
    }
    const id = await chainId();
    if (requestedChainId !== id) {
      throw new SponsorError(
        'SPONSOR_BAD_REQUEST',
        `params[2]: this paymaster pays on chain ${id}`,
      );
    }
    return { op, entryPoint, chainId: id };
  }

  /**
   * The calls, the deadline and the account's delegate, judged as POST /sponsor judges them: the
   * state override the simulation needs, and the chain's time the deadline was judged at.
   */
  async function checkOperation(request: PaymasterRequest): Promise<{
    override: Record<string, { code: Hex }> | undefined;
    chainSeconds: number;
  }> {
    const { op } = request;
    const calls = decodeExecute(op.callData);
    if (!calls) {
      throw new SponsorError(
        'SPONSOR_CALL_NOT_ALLOWED',
        'callData: this sponsor pays only for a batch of Encore’s delegate (execute, batch mode)',
      );
    }
    if (calls.length > options.maxCalls) {
      throw new SponsorError(
        'SPONSOR_TOO_MANY_CALLS',
        `this sponsor pays for at most ${options.maxCalls} calls in one operation`,
      );
    }
    calls.forEach((call, index) => {
      if (!allowedEntryFor(options.allowedCalls, call)) {
        const fn = call.data.length >= 10 ? call.data.slice(0, 10) : 'no function';
        throw new SponsorError(
          'SPONSOR_CALL_NOT_ALLOWED',
          `calls[${index}]: this sponsor does not pay for ${fn} on ${call.to}`,
        );
      }
    });
    const chainSeconds = await checkDeadlineOf(request);
    if (op.eip7702Auth) {
      await onChain(() =>
        checkPaymasterAuthorization({
          rpc: chain.rpc,
          delegate,
          chainId: request.chainId,
          sender: op.sender,
          authorization: op.eip7702Auth as NonNullable<typeof op.eip7702Auth>,
        }),
      );
      const code = `0xef0100${delegate.slice(2).toLowerCase()}` as Hex;
      return { override: { [op.sender]: { code } }, chainSeconds };
    }
    let current: Address | null;
    try {
      current = delegateOfCode(op.sender, await onChain(() => readCode(chain.rpc, op.sender)));
    } catch (error) {
      if (error instanceof AccountNotDelegatableError) {
        throw new SponsorError('SPONSOR_WRONG_DELEGATE', 'the account holds contract code');
      }
      throw error;
    }
    if (current === delegate) return { override: undefined, chainSeconds };
    if (current === null) {
      throw new SponsorError(
        'SPONSOR_NOT_UPGRADED',
        'the account runs no delegate: send its EIP-7702 authorization (eip7702Auth) with the operation',
      );
    }
    throw new SponsorError(
      'SPONSOR_WRONG_DELEGATE',
      `the account runs ${current}, not ${delegate}`,
    );
  }

  /** The chain's time, once the operation's deadline (its nonce key) is found within bounds. */
  async function checkDeadlineOf(request: PaymasterRequest): Promise<number> {
    const latest = Number((await onChain(() => readLatestBlock(chain.rpc))).timestamp);
    checkDeadline(deadlineOf(request.op.nonce), options, latest);
    return latest;
  }

  /** Runs the calls as the EntryPoint would (from it, on the account): a revert is refused. */
  async function simulate(
    request: PaymasterRequest,
    override: Record<string, { code: Hex }> | undefined,
  ) {
    // Under the sponsor's whole gas cap: whether the calls revert is the question here; the
    // operation's callGasLimit counts only the inner call, not this eth_call's own overhead.
    const gas = options.maxGas;
    const result = await onChain(() =>
      chain.simulate(
        {
          from: entryPoint,
          to: request.op.sender,
          data: request.op.callData,
          authorizationList: [],
          gas,
        },
        override,
      ),
    );
    if (!result.ok) {
      throw new SponsorError(
        'SPONSOR_CALLS_REVERT',
        `the calls would revert${result.revertData ? ` (${result.revertData.slice(0, 10)})` : ''}`,
      );
    }
  }

  /** The gas and fees the final data commits the paymaster's deposit to. */
  async function checkGas(request: PaymasterRequest, gas: PaymasterGas): Promise<void> {
    const { op } = request;
    const total =
      op.callGasLimit +
      op.verificationGasLimit +
      op.preVerificationGas +
      gas.verification +
      gas.postOp;
    if (total > options.maxGas) {
      throw new SponsorError(
        'SPONSOR_TOO_MUCH_GAS',
        `the operation asks for ${total} gas; this sponsor pays for at most ${options.maxGas}`,
      );
    }
    const price = await onChain(async () =>
      BigInt(String(await chain.rpc.request('eth_gasPrice', []))),
    );
    // SPONSOR_MAX_FEE_PER_GAS bounds the fee per gas here as for POST /sponsor: with the gas
    // limits it bounds what one operation takes from the deposit, whatever the chain's price.
    if (price > options.maxFeePerGas) {
      throw new SponsorError(
        'SPONSOR_GAS_PRICE_TOO_HIGH',
        `the chain's gas price (${price} wei) is above what this sponsor pays (${options.maxFeePerGas} wei); try again later`,
        { retryAfterSeconds: 60 },
      );
    }
    const followed = price * FEE_MULTIPLIER + FEE_ALLOWANCE;
    const maxFee = followed < options.maxFeePerGas ? followed : options.maxFeePerGas;
    if (op.maxFeePerGas > maxFee || op.maxPriorityFeePerGas > op.maxFeePerGas) {
      throw new SponsorError(
        'SPONSOR_TOO_MUCH_GAS',
        `the operation's fees per gas may be at most ${maxFee} wei (the priority fee at most the fee)`,
      );
    }
  }

  async function stubData(params: unknown, clientBucket: string): Promise<PaymasterResult> {
    const request = await readRequest(params);
    const { override } = await checkOperation(request);
    const spent = await store.sponsor.exhausted({
      ...limits(),
      sender: request.op.sender.toLowerCase(),
      clientBucket,
    });
    if (spent) refuseBudget(spent);
    await simulate(request, override);
    return {
      paymaster,
      paymasterData: encodePaymasterData({ validAfter: 0, validUntil: 0 }, STUB_SIGNATURE),
      paymasterVerificationGasLimit: toQuantity(PAYMASTER_GAS.verification),
      paymasterPostOpGasLimit: toQuantity(PAYMASTER_GAS.postOp),
      sponsor: { name: 'Encore reference sponsor' },
      isFinal: false,
    };
  }

  async function finalData(params: unknown, clientBucket: string): Promise<PaymasterResult> {
    const request = await readRequest(params);
    const gas: PaymasterGas = {
      verification: request.op.paymasterVerificationGasLimit ?? PAYMASTER_GAS.verification,
      postOp: request.op.paymasterPostOpGasLimit ?? PAYMASTER_GAS.postOp,
    };
    if (
      gas.verification > PAYMASTER_GAS.verification * 2n ||
      gas.postOp > PAYMASTER_GAS.verification
    ) {
      throw new SponsorError(
        'SPONSOR_TOO_MUCH_GAS',
        `the paymaster's gas limits may be at most ${PAYMASTER_GAS.verification * 2n} and ${PAYMASTER_GAS.verification}`,
      );
    }
    const { override, chainSeconds } = await checkOperation(request);
    await checkGas(request, gas);
    await simulate(request, override);
    const key = paymasterRequestHash({ paymaster, chainId: request.chainId, op: request.op, gas });
    const settled = await settledOperations(
      {
        store: store.sponsor,
        rpc: chain.rpc,
        entryPoint,
        account: request.op.sender,
        except: key,
        clientBucket,
        chainSeconds,
      },
      onChain,
    );
    const claim = await store.sponsor.claim({
      ...limits(),
      userOpHash: key,
      sender: request.op.sender.toLowerCase(),
      nonce: request.op.nonce.toString(),
      clientBucket,
      settled,
      proven: false,
    });
    if (claim.kind === 'budget') refuseBudget(claim.budget);
    if (claim.kind === 'in-flight') {
      throw new SponsorError('SPONSOR_DUPLICATE', 'this operation is being signed');
    }
    if (claim.kind === 'account-busy') throw accountBusy();
    if (claim.kind === 'nonce-taken') {
      throw new SponsorError(
        'SPONSOR_DUPLICATE',
        'another operation of this account uses its nonce',
      );
    }
    let paymasterData: Hex;
    try {
      const latest = await onChain(() => readLatestBlock(chain.rpc));
      const seconds = Math.min(PAYMASTER_VALID_SECONDS, options.maxDeadlineSeconds);
      // Never valid past the operation's own deadline: the claim is forgotten after it.
      const validUntil = Math.min(Number(latest.timestamp) + seconds, deadlineOf(request.op.nonce));
      paymasterData = await signPaymasterData(signer, {
        paymaster,
        chainId: request.chainId,
        op: request.op,
        gas,
        window: { validAfter: 0, validUntil },
      });
    } catch (error) {
      if (claim.kind === 'claimed') {
        await store.sponsor
          .release(key)
          .catch(() => log?.('paymaster: could not give a claim back'));
      }
      throw unavailable(error);
    }
    if (claim.kind === 'claimed') await store.sponsor.markSigned(key);
    log?.(`paymaster: signed an operation for ${request.op.sender}`);
    return {
      paymaster,
      paymasterData,
      paymasterVerificationGasLimit: toQuantity(gas.verification),
      paymasterPostOpGasLimit: toQuantity(gas.postOp),
    };
  }

  return {
    async handle(method, params, clientBucket) {
      switch (method) {
        case 'pm_supportedEntryPoints':
          return [entryPoint];
        case 'pm_getPaymasterStubData':
          return stubData(params, clientBucket);
        case 'pm_getPaymasterData':
          return finalData(params, clientBucket);
        default:
          throw new SponsorError(
            'SPONSOR_UNKNOWN_METHOD',
            `${method.slice(0, 64)} is not a paymaster method`,
          );
      }
    },
  };
}
