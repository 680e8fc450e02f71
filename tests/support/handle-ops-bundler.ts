// A stand-in ERC-4337 bundler on 127.0.0.1 for tests of the wallet's side: it answers ERC-7769's
// methods and carries each operation itself in an EntryPoint `handleOps` transaction a funded
// test key pays for (type 4 with the operation's eip7702Auth when it brings one). Packing and the
// userOpHash are viem's (an implementation independent of @encore-wallet/calls). `lie` makes its receipts
// lie the ways a hostile bundler could; `heard` lists every method asked.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import {
  encodeHandleOps,
  type SignedAuthorization,
  toEthersAuthorization,
  USER_OPERATION_EVENT_TOPIC,
  userOperationSucceeded,
} from '@encore-wallet/calls';
import { JsonRpcProvider, Wallet } from 'ethers';
import type { Hex } from 'viem';
import {
  getUserOperationHash,
  toPackedUserOperation,
  type UserOperation,
} from 'viem/account-abstraction';
import { freePort } from './free-port.ts';

export type ReceiptLie =
  | 'none'
  | 'other-hash'
  | 'other-sender'
  | 'says-success'
  | 'other-transaction';

export interface HandleOpsBundler {
  readonly url: string;
  readonly heard: string[];
  /** userOpHash → the handleOps transaction that carried it. */
  readonly carried: Map<string, Hex>;
  lie: ReceiptLie;
  /** Gas the estimate answers. */
  gas: { callGasLimit: bigint; verificationGasLimit: bigint; preVerificationGas: bigint };
  /** Makes the next receipt question answer for this transaction (see `lie`). */
  otherTransaction: Hex | null;
  /** `eth_sendUserOperation` answers an error after it has heard (and could keep) the operation. */
  refuseSend: boolean;
  close(): Promise<void>;
}

type RpcOperation = Record<string, string | Record<string, string> | undefined>;

function toViemOperation(op: RpcOperation, delegate: Hex): UserOperation<'0.8'> {
  const big = (name: string) => BigInt((op[name] as string | undefined) ?? '0x0');
  return {
    sender: op.sender as Hex,
    nonce: big('nonce'),
    factory: op.factory as Hex,
    factoryData: (op.factoryData as Hex | undefined) ?? '0x',
    callData: op.callData as Hex,
    callGasLimit: big('callGasLimit'),
    verificationGasLimit: big('verificationGasLimit'),
    preVerificationGas: big('preVerificationGas'),
    maxFeePerGas: big('maxFeePerGas'),
    maxPriorityFeePerGas: big('maxPriorityFeePerGas'),
    ...(op.paymaster
      ? {
          paymaster: op.paymaster as Hex,
          paymasterVerificationGasLimit: big('paymasterVerificationGasLimit'),
          paymasterPostOpGasLimit: big('paymasterPostOpGasLimit'),
          paymasterData: op.paymasterData as Hex,
        }
      : {}),
    signature: op.signature as Hex,
    // The delegate the account runs (or is upgraded to): what the EntryPoint hashes for 0x7702.
    authorization: { address: delegate, chainId: 0, nonce: 0, r: '0x0', s: '0x0', yParity: 0 },
  } as UserOperation<'0.8'>;
}

export async function startHandleOpsBundler(options: {
  rpcUrl: string;
  chainId: number;
  entryPoint: Hex;
  delegate: Hex;
  submitterKey: string;
}): Promise<HandleOpsBundler> {
  // No request cache: two sends within 250 ms must not read the same nonce.
  const provider = new JsonRpcProvider(options.rpcUrl, undefined, {
    staticNetwork: true,
    cacheTimeout: -1,
  });
  const submitter = new Wallet(options.submitterKey, provider);
  const state: HandleOpsBundler = {
    url: '',
    heard: [],
    carried: new Map(),
    lie: 'none',
    gas: { callGasLimit: 200_000n, verificationGasLimit: 150_000n, preVerificationGas: 60_000n },
    otherTransaction: null,
    refuseSend: false,
    close: async () => {},
  };
  const hex = (value: bigint) => `0x${value.toString(16)}`;

  async function answer(method: string, params: unknown[]): Promise<unknown> {
    switch (method) {
      case 'eth_chainId':
        return hex(BigInt(options.chainId));
      case 'eth_supportedEntryPoints':
        return [options.entryPoint];
      case 'eth_estimateUserOperationGas':
        return {
          callGasLimit: hex(state.gas.callGasLimit),
          verificationGasLimit: hex(state.gas.verificationGasLimit),
          preVerificationGas: hex(state.gas.preVerificationGas),
        };
      case 'eth_sendUserOperation': {
        if (state.refuseSend) throw new Error('not today');
        const op = params[0] as RpcOperation;
        const viemOp = toViemOperation(op, options.delegate);
        const packed = toPackedUserOperation(viemOp);
        const userOpHash = getUserOperationHash({
          userOperation: viemOp,
          entryPointAddress: options.entryPoint,
          entryPointVersion: '0.8',
          chainId: options.chainId,
        });
        const auth = op.eip7702Auth as unknown as SignedAuthorization | undefined;
        const tx = await submitter.sendTransaction({
          to: options.entryPoint,
          data: encodeHandleOps(packed as never, submitter.address as Hex),
          gasLimit: 2_000_000n,
          ...(auth ? { type: 4, authorizationList: [toEthersAuthorization(auth)] } : {}),
        });
        const mined = await tx.wait();
        if (mined?.status !== 1) throw new Error('handleOps reverted');
        state.carried.set(userOpHash, tx.hash as Hex);
        return userOpHash;
      }
      case 'eth_getUserOperationReceipt': {
        const hash = String(params[0]).toLowerCase();
        const transactionHash = state.carried.get(hash);
        if (!transactionHash) return null;
        const receipt = await provider.getTransactionReceipt(transactionHash);
        const event = receipt?.logs.find(
          (log) => log.topics[0] === USER_OPERATION_EVENT_TOPIC && log.topics[1] === hash,
        );
        const success = event
          ? userOperationSucceeded({
              address: event.address as Hex,
              topics: event.topics as Hex[],
              data: event.data as Hex,
            })
          : false;
        const sender = event ? `0x${event.topics[2]?.slice(26)}` : '0x';
        return {
          userOpHash: state.lie === 'other-hash' ? `0x${'ab'.repeat(32)}` : hash,
          entryPoint: options.entryPoint,
          sender: state.lie === 'other-sender' ? `0x${'12'.repeat(20)}` : sender,
          nonce: '0x0',
          success: state.lie === 'says-success' ? true : success,
          actualGasCost: '0x0',
          actualGasUsed: '0x0',
          logs: [],
          receipt: {
            transactionHash:
              state.lie === 'other-transaction' && state.otherTransaction
                ? state.otherTransaction
                : transactionHash,
          },
        };
      }
      default:
        throw Object.assign(new Error(`method ${method} not supported`), { code: -32601 });
    }
  }

  const server: Server = createServer((request: IncomingMessage, response: ServerResponse) => {
    let body = '';
    request.on('data', (chunk: Buffer) => {
      body += chunk.toString();
    });
    request.on('end', () => {
      const { id, method, params } = JSON.parse(body) as {
        id: number;
        method: string;
        params: unknown[];
      };
      state.heard.push(method);
      response.setHeader('content-type', 'application/json');
      answer(method, params).then(
        (result) => response.end(JSON.stringify({ jsonrpc: '2.0', id, result })),
        (error: Error & { code?: number }) =>
          response.end(
            JSON.stringify({
              jsonrpc: '2.0',
              id,
              error: {
                code: typeof error.code === 'number' ? error.code : -32500,
                message: error.message,
              },
            }),
          ),
      );
    });
  });
  const port = await freePort();
  await new Promise<void>((done) => server.listen(port, '127.0.0.1', done));
  return Object.assign(state, {
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise((done) => server.close(done));
      provider.destroy();
    },
  });
}
