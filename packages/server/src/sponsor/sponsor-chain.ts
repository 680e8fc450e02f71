// The paying account's side of the chain, over plain JSON-RPC (no provider object that polls on
// its own): reads for the checks, simulations that keep a revert's data, and the one transaction
// per operation, signed here and sent one at a time per instance. Instances sharing the key take
// the node's pending nonce; a nonce another instance took first is retried with the next one.

import {
  type Address,
  type Hex,
  type SignedAuthorization,
  toEthersAuthorization,
  toQuantity,
} from '@encore-wallet/calls';
import type { ChainRpc } from '@encore-wallet/utils/chain-rpc';
import { EncoreError } from '@encore-wallet/utils/errors';
import { keccak256, Wallet } from 'ethers';
import { z } from 'zod';
import { nodeRequest } from '../chain/node-request.ts';
import { SponsorError } from './sponsor-error.ts';

export interface Simulation {
  readonly ok: boolean;
  /** The revert's data when the node gave it (an error selector and arguments). */
  readonly revertData: Hex | null;
  readonly message: string;
}

export interface SponsorTransaction {
  readonly to: Address;
  readonly data: Hex;
  readonly authorizationList: readonly SignedAuthorization[];
}

export interface SponsorChain {
  /** The paying account. */
  readonly address: Address;
  readonly rpc: ChainRpc;
  /** eth_call from the paying account (or `from`), with a gas cap and state overrides if given. */
  simulate(
    call: SponsorTransaction & { from?: Address; gas?: bigint },
    overrides?: Record<string, { code: Hex }>,
  ): Promise<Simulation>;
  estimateGas(tx: SponsorTransaction): Promise<bigint>;
  /**
   * Signs and broadcasts; resolves to the transaction hash once the node took it. The fee per gas
   * it offers is at most `maxFeePerGas`; a chain whose gas price is above it gets nothing
   * (SPONSOR_GAS_PRICE_TOO_HIGH).
   */
  send(tx: SponsorTransaction & { gasLimit: bigint; maxFeePerGas: bigint }): Promise<Hex>;
}

const HexText = z.string().regex(/^0x[0-9a-fA-F]*$/);

/** A node's error, with the revert data where nodes put it (Hardhat quotes it in the message). */
export class NodeError extends EncoreError<'NODE_ERROR'> {
  static override readonly code = 'NODE_ERROR' as const;
  override readonly name = 'NodeError';
  constructor(
    readonly method: string,
    message: string,
    readonly revertData: Hex | null,
  ) {
    super(`${method}: ${message}`);
  }
}

function revertDataOf(error: { message: string; data?: unknown }): Hex | null {
  const data = error.data;
  const nested =
    typeof data === 'object' && data !== null ? (data as { data?: unknown }).data : undefined;
  const candidate =
    typeof data === 'string'
      ? data
      : typeof nested === 'string'
        ? nested
        : /return data: (0x[0-9a-fA-F]*)/.exec(error.message)?.[1];
  return candidate && HexText.safeParse(candidate).success
    ? (candidate.toLowerCase() as Hex)
    : null;
}

const NONCE_TAKEN =
  /nonce too low|already known|replacement transaction underpriced|nonce has already been used/i;

export function createSponsorChain(rpcUrl: string, privateKey: string): SponsorChain {
  const wallet = new Wallet(privateKey);
  let chainId: Promise<bigint> | undefined;
  let queue: Promise<unknown> = Promise.resolve();

  async function call(method: string, params: readonly unknown[]): Promise<unknown> {
    const answer = await nodeRequest(rpcUrl, method, params);
    if ('error' in answer) {
      throw new NodeError(method, answer.error.message, revertDataOf(answer.error));
    }
    return answer.result;
  }
  const quantity = async (method: string, params: readonly unknown[]): Promise<bigint> =>
    BigInt(HexText.parse(await call(method, params)));

  function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
    const run = queue.then(work, work);
    queue = run.catch(() => undefined);
    return run;
  }

  async function signed(
    tx: SponsorTransaction & { gasLimit: bigint; maxFeePerGas: bigint },
  ): Promise<string> {
    chainId ??= quantity('eth_chainId', []);
    const [id, nonce, gasPrice, tip] = await Promise.all([
      chainId,
      quantity('eth_getTransactionCount', [wallet.address, 'pending']),
      quantity('eth_gasPrice', []),
      quantity('eth_maxPriorityFeePerGas', []),
    ]);
    // Nothing at a price above the cap: the transaction would wait (or cost) more than the
    // operator agreed to pay, so gas limit × cap bounds what one operation costs.
    if (gasPrice > tx.maxFeePerGas) {
      throw new SponsorError(
        'SPONSOR_GAS_PRICE_TOO_HIGH',
        `the chain's gas price (${gasPrice} wei) is above what this sponsor pays (${tx.maxFeePerGas} wei); try again later`,
        { retryAfterSeconds: 60 },
      );
    }
    const doubled = gasPrice * 2n;
    const maxFeePerGas = doubled < tx.maxFeePerGas ? doubled : tx.maxFeePerGas;
    return wallet.signTransaction({
      type: tx.authorizationList.length > 0 ? 4 : 2,
      chainId: id,
      nonce: Number(nonce),
      to: tx.to,
      data: tx.data,
      gasLimit: tx.gasLimit,
      maxFeePerGas,
      maxPriorityFeePerGas: tip < maxFeePerGas ? tip : maxFeePerGas,
      ...(tx.authorizationList.length > 0
        ? { authorizationList: tx.authorizationList.map(toEthersAuthorization) }
        : {}),
    });
  }

  const asCall = (tx: SponsorTransaction & { from?: Address; gas?: bigint }) => ({
    from: tx.from ?? wallet.address,
    to: tx.to,
    data: tx.data,
    ...(tx.gas === undefined ? {} : { gas: toQuantity(tx.gas) }),
    ...(tx.authorizationList.length > 0 ? { authorizationList: tx.authorizationList } : {}),
  });

  return {
    address: wallet.address as Address,
    rpc: { request: call },
    async simulate(tx, overrides) {
      try {
        await call(
          'eth_call',
          overrides ? [asCall(tx), 'latest', overrides] : [asCall(tx), 'latest'],
        );
        return { ok: true, revertData: null, message: '' };
      } catch (error) {
        if (!(error instanceof NodeError)) throw error;
        return { ok: false, revertData: error.revertData, message: error.message };
      }
    },
    estimateGas(tx) {
      return quantity('eth_estimateGas', [asCall(tx)]);
    },
    send(tx) {
      return oneAtATime(async () => {
        for (let attempt = 1; ; attempt++) {
          const raw = await signed(tx);
          try {
            await call('eth_sendRawTransaction', [raw]);
            return keccak256(raw) as Hex;
          } catch (error) {
            if (attempt < 4 && error instanceof NodeError && NONCE_TAKEN.test(error.message))
              continue;
            throw error;
          }
        }
      });
    },
  };
}
