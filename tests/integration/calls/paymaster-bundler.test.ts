// The reference sponsor as an ERC-7677 paymaster (POST /paymaster) and Pimlico's Alto as the
// ERC-4337 bundler, driven by viem's own clients (viem/account-abstraction): an independent
// implementation of the wire formats. A never-funded EOA's first operation carries its EIP-7702
// authorization (eip7702Auth) and a later one does not; both go through Alto's
// eth_sendUserOperation, are paid from the paymaster's EntryPoint deposit and read back with
// eth_getUserOperationReceipt. Then what the paymaster refuses: a call not listed, calls that
// would revert, another EntryPoint, and an account past its daily budget.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeExecute, encodeExecute, nonceOf, readBatchSequence } from '@encore-wallet/calls';
import { type RunningServer, startServer } from '@encore-wallet/server';
import { readLatestBlock } from '@encore-wallet/utils/chain-rpc';
import { Wallet } from 'ethers';
import {
  createPublicClient,
  defineChain,
  encodeFunctionData,
  type Hex,
  http,
  type Log,
  type PublicClient,
  parseAbi,
  parseEventLogs,
} from 'viem';
import {
  createBundlerClient,
  createPaymasterClient,
  entryPoint08Abi,
  getUserOperationTypedData,
  type SmartAccount,
  toSmartAccount,
} from 'viem/account-abstraction';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Bundler, startBundler } from '../../../chain/bundler.ts';
import {
  deploySponsorPaymaster,
  LOCAL_FUNDED_KEY,
  LOCAL_SPONSOR_KEY,
  type SponsorPaymaster,
} from '../../../chain/index.ts';
import { freePort } from '../../support/free-port.ts';
import { NO_RATE_LIMIT } from '../../support/no-rate-limit.ts';
import {
  fanActionsAbi,
  rawRpc,
  type SponsoredChain,
  sponsorOptions,
  startSponsoredChain,
  upgradeDirectly,
} from '../../support/sponsored-chain.ts';

const depositAbi = parseAbi(['function balanceOf(address account) view returns (uint256)']);
/** ERC-4337 v0.7's EntryPoint: not the one the paymaster serves (v0.8's, at its canonical address). */
const OTHER_ENTRY_POINT = '0x0000000071727De22E5E9d8BAf0edAc6f37da032';

let sc: SponsoredChain;
let paymaster: SponsorPaymaster;
let bundler: Bundler;
let server: RunningServer;
let client: PublicClient;

beforeAll(async () => {
  sc = await startSponsoredChain();
  paymaster = await deploySponsorPaymaster(sc.chain.url, LOCAL_FUNDED_KEY, {
    entryPoint: sc.contracts.entryPoint,
    signer: new Wallet(LOCAL_SPONSOR_KEY).address as `0x${string}`,
  });
  bundler = await startBundler({
    rpcUrl: sc.chain.url,
    entryPoint: sc.contracts.entryPoint,
    port: await freePort(),
  });
  const dir = mkdtempSync(join(tmpdir(), 'encore-paymaster-'));
  server = await startServer({
    databaseUrl: `sqlite:${join(dir, 'db.sqlite')}`,
    rateLimit: { ...NO_RATE_LIMIT, sponsorPerAddress: 1_000_000 },
    // Each listener: two operations a day, so the third one meets the budget.
    sponsor: sponsorOptions(sc, { perListenerPerDay: 2 }),
    paymaster: paymaster.address,
  });
  const chain = defineChain({
    id: sc.chain.chainId,
    name: 'local',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [sc.chain.url] } },
  });
  client = createPublicClient({ chain, transport: http(sc.chain.url) });
}, 300_000);

afterAll(async () => {
  await server?.close();
  await bundler?.stop();
  await sc?.chain.stop();
});

/**
 * An EOA as a viem smart account running Encore's delegate (already upgraded): ERC-7821 batches,
 * the nonce key carrying a deadline (10 minutes after the latest block), the EntryPoint's EIP-712
 * hash signed by the EOA's own key.
 */
async function encoreAccount(privateKey: Hex): Promise<SmartAccount> {
  const owner = privateKeyToAccount(privateKey);
  const entryPoint = {
    abi: entryPoint08Abi,
    address: sc.contracts.entryPoint,
    version: '0.8' as const,
  };
  return toSmartAccount({
    client,
    entryPoint,
    async decodeCalls(data) {
      return (decodeExecute(data) ?? []).map((call) => ({ ...call, value: BigInt(call.value) }));
    },
    async encodeCalls(calls) {
      return encodeExecute(
        calls.map((call) => ({
          to: call.to,
          value: `0x${(call.value ?? 0n).toString(16)}`,
          data: call.data ?? '0x',
        })) as never,
      );
    },
    async getAddress() {
      return owner.address;
    },
    // Asked only while the EOA runs no code (viem's isDeployed): EIP-7702's marker, the
    // authorization travelling as eip7702Auth.
    async getFactoryArgs() {
      return { factory: '0x7702', factoryData: '0x' };
    },
    async getNonce() {
      const deadline = Number((await readLatestBlock(sc.rpc)).timestamp) + 600;
      const sequence = await readBatchSequence(
        sc.rpc,
        sc.contracts.entryPoint,
        owner.address,
        deadline,
      );
      return nonceOf(deadline, sequence);
    },
    async getStubSignature() {
      return `0x${'ff'.repeat(32)}${'7f'.repeat(32)}1c`;
    },
    async signMessage({ message }) {
      return owner.signMessage({ message });
    },
    async signTypedData(typedData) {
      return owner.signTypedData(typedData as never);
    },
    async signUserOperation(parameters) {
      const { chainId = sc.chain.chainId, ...userOperation } = parameters;
      return owner.signTypedData(
        getUserOperationTypedData({
          chainId,
          entryPointAddress: sc.contracts.entryPoint,
          userOperation: { ...userOperation, sender: owner.address },
        }),
      );
    },
  });
}

function depositOf(address: Hex): Promise<bigint> {
  return client.readContract({
    address: sc.contracts.entryPoint,
    abi: depositAbi,
    functionName: 'balanceOf',
    args: [address],
  });
}

function isFavorite(account: Hex, track: string): Promise<boolean> {
  return client.readContract({
    address: sc.contracts.fanActions,
    abi: parseAbi(['function isFavorite(address, string) view returns (bool)']),
    functionName: 'isFavorite',
    args: [account, track],
  });
}

/** The userOpHash of each UserOperationEvent the EntryPoint logged in `logs`. */
function loggedOperationHashes(logs: readonly Log[]): Hex[] {
  return parseEventLogs({ abi: entryPoint08Abi, logs: [...logs], eventName: 'UserOperationEvent' })
    .filter((log) => log.address.toLowerCase() === sc.contracts.entryPoint.toLowerCase())
    .map((log) => log.args.userOpHash);
}

const favorite = (track: string) => ({
  to: sc.contracts.fanActions,
  data: fanActionsAbi.encodeFunctionData('favorite', [track]) as Hex,
});
const follow = (artist: string) => ({
  to: sc.contracts.fanActions,
  data: fanActionsAbi.encodeFunctionData('follow', [artist]) as Hex,
});

function clients(account: SmartAccount) {
  const paymasterClient = createPaymasterClient({ transport: http(`${server.url}/paymaster`) });
  const bundlerClient = createBundlerClient({
    account,
    client,
    paymaster: paymasterClient,
    transport: http(bundler.url),
  });
  return { paymasterClient, bundlerClient };
}

/** One pm_* request straight to the endpoint, the JSON-RPC error kept whole. */
function paymasterRpc(method: string, params: unknown[]) {
  return rawRpc(`${server.url}/paymaster`, method, params);
}

/** An operation as ERC-7677 carries it, for `account`, calling `calls`. */
function operationFor(account: string, calls: { to: string; data: Hex }[]) {
  return {
    sender: account,
    nonce: '0x0',
    callData: encodeExecute(calls.map((call) => ({ ...call, value: '0x0' })) as never),
    callGasLimit: '0x186a0',
    verificationGasLimit: '0x186a0',
    preVerificationGas: '0xea60',
    maxFeePerGas: '0x3b9aca00',
    maxPriorityFeePerGas: '0x3b9aca00',
    signature: '0x',
  };
}

describe('ERC-7677 paymaster and ERC-4337 bundler, through viem', () => {
  const listenerKey = generatePrivateKey();
  const listener = privateKeyToAccount(listenerKey).address;

  it('answers pm_supportedEntryPoints with the local EntryPoint', async () => {
    expect(await paymasterRpc('pm_supportedEntryPoints', [])).toEqual({
      jsonrpc: '2.0',
      id: 1,
      result: [sc.contracts.entryPoint],
    });
  });

  it("pays for a never-funded EOA's first operation, its EIP-7702 authorization with it: viem's paymaster client, Alto's eth_sendUserOperation and receipt, balance unchanged", async () => {
    const owner = privateKeyToAccount(listenerKey);
    expect(await client.getCode({ address: listener })).toBeUndefined();
    const account = await encoreAccount(listenerKey);
    const { bundlerClient } = clients(account);
    const depositBefore = await depositOf(paymaster.address);
    expect(await client.getBalance({ address: listener })).toBe(0n);

    // The first operation carries the EOA's authorization (eip7702Auth, factory 0x7702): the
    // bundler's transaction sets the delegation, then the EntryPoint runs the operation.
    const authorization = await owner.signAuthorization({
      contractAddress: sc.contracts.delegate,
      chainId: sc.chain.chainId,
      nonce: await client.getTransactionCount({ address: listener }),
    });
    const hash = await bundlerClient.sendUserOperation({
      calls: [favorite('track-7677')],
      authorization,
    });
    const receipt = await bundlerClient.waitForUserOperationReceipt({ hash, timeout: 60_000 });

    expect(receipt.success).toBe(true);
    expect(receipt.sender.toLowerCase()).toBe(listener.toLowerCase());
    expect(receipt.paymaster?.toLowerCase()).toBe(paymaster.address.toLowerCase());
    // eth_getUserOperationReceipt straight from the bundler agrees, and the hash Alto answered
    // is the EntryPoint's own (the UserOperationEvent it logged on chain).
    const again = await rawRpc(bundler.url, 'eth_getUserOperationReceipt', [hash]);
    expect('result' in again && (again.result as { userOpHash: string }).userOpHash).toBe(hash);
    expect(loggedOperationHashes(receipt.receipt.logs)).toEqual([hash]);
    // The bundler's transaction carried the authorization (type 4), naming Encore's delegate.
    const sent = await client.getTransaction({ hash: receipt.receipt.transactionHash });
    expect(sent.type).toBe('eip7702');
    expect(sent.authorizationList?.map((a) => a.address.toLowerCase())).toEqual([
      sc.contracts.delegate.toLowerCase(),
    ]);
    expect(await client.getBalance({ address: listener })).toBe(0n);
    const code = await client.getCode({ address: listener });
    expect(code).toBe(`0xef0100${sc.contracts.delegate.slice(2).toLowerCase()}`);
    expect(await isFavorite(listener, 'track-7677')).toBe(true);
    const depositAfter = await depositOf(paymaster.address);
    expect(depositAfter).toBeLessThan(depositBefore);
    expect(depositBefore - depositAfter).toBe(receipt.actualGasCost);
  });

  it('pays for a later operation of the same account without an authorization', async () => {
    const account = await encoreAccount(listenerKey);
    const { bundlerClient } = clients(account);
    const hash = await bundlerClient.sendUserOperation({ calls: [follow('artist-7677')] });
    const receipt = await bundlerClient.waitForUserOperationReceipt({ hash, timeout: 60_000 });
    expect(receipt.success).toBe(true);
    expect(loggedOperationHashes(receipt.receipt.logs)).toEqual([hash]);
    const sent = await client.getTransaction({ hash: receipt.receipt.transactionHash });
    expect(sent.type).toBe('eip1559');
    expect(receipt.paymaster?.toLowerCase()).toBe(paymaster.address.toLowerCase());
    expect(await client.getBalance({ address: listener })).toBe(0n);
    const following = await client.readContract({
      address: sc.contracts.fanActions,
      abi: parseAbi(['function isFollowing(address, string) view returns (bool)']),
      functionName: 'isFollowing',
      args: [listener, 'artist-7677'],
    });
    expect(following).toBe(true);
  });

  it('refuses a call that is not listed with a JSON-RPC error, before anything is signed', async () => {
    const notListed = {
      to: sc.contracts.fanActions,
      data: encodeFunctionData({
        abi: parseAbi(['function isFavorite(address, string) view returns (bool)']),
        args: [listener, 'x'],
      }),
    };
    for (const method of ['pm_getPaymasterStubData', 'pm_getPaymasterData']) {
      const answer = await paymasterRpc(method, [
        operationFor(listener, [notListed]),
        sc.contracts.entryPoint,
        `0x${sc.chain.chainId.toString(16)}`,
        {},
      ]);
      expect(answer).toMatchObject({
        error: { code: -32501, data: { reason: 'SPONSOR_CALL_NOT_ALLOWED' } },
      });
    }
  });

  it('signs nothing for calls that would revert (a favorite made already)', async () => {
    const deadline = Number((await readLatestBlock(sc.rpc)).timestamp) + 600;
    const answer = await paymasterRpc('pm_getPaymasterData', [
      {
        ...operationFor(listener, [favorite('track-7677')]),
        nonce: `0x${nonceOf(deadline, 0n).toString(16)}`,
      },
      sc.contracts.entryPoint,
      `0x${sc.chain.chainId.toString(16)}`,
    ]);
    expect(answer).toMatchObject({
      error: { code: -32521, data: { reason: 'SPONSOR_CALLS_REVERT' } },
    });
    expect('result' in answer).toBe(false);
  });

  it('refuses another EntryPoint and another chain', async () => {
    const op = operationFor(listener, [follow('artist-1')]);
    const otherEntryPoint = await paymasterRpc('pm_getPaymasterStubData', [
      op,
      OTHER_ENTRY_POINT,
      `0x${sc.chain.chainId.toString(16)}`,
    ]);
    expect(otherEntryPoint).toMatchObject({
      error: { code: -32602, data: { reason: 'SPONSOR_WRONG_ENTRY_POINT' } },
    });
    const otherChain = await paymasterRpc('pm_getPaymasterStubData', [
      op,
      sc.contracts.entryPoint,
      '0x1',
    ]);
    expect(otherChain).toMatchObject({
      error: { code: -32602, data: { reason: 'SPONSOR_BAD_REQUEST' } },
    });
  });

  it('refuses malformed params naming the field', async () => {
    const answer = await paymasterRpc('pm_getPaymasterStubData', [
      { ...operationFor(listener, [follow('artist-1')]), sender: '0x1234' },
      sc.contracts.entryPoint,
      `0x${sc.chain.chainId.toString(16)}`,
    ]);
    expect(answer).toMatchObject({
      error: { code: -32602, data: { reason: 'SPONSOR_BAD_REQUEST' } },
    });
    expect('error' in answer && answer.error.message).toMatch(/^params\[0\]\.sender: /);
  });

  it('attack: one call signed for under two deadlines is paid once: the second waits until the first has run', async () => {
    const key = generatePrivateKey();
    const account = privateKeyToAccount(key).address;
    await upgradeDirectly(sc, new Wallet(key));
    const now = Number((await readLatestBlock(sc.rpc)).timestamp);
    const chainId = `0x${sc.chain.chainId.toString(16)}`;
    const under = (deadline: number) => ({
      ...operationFor(account, [favorite('track-twice')]),
      nonce: `0x${nonceOf(deadline, 0n).toString(16)}`,
    });
    const first = await paymasterRpc('pm_getPaymasterData', [
      under(now + 600),
      sc.contracts.entryPoint,
      chainId,
    ]);
    expect('result' in first).toBe(true);
    // The favorite would revert once the first ran; before it runs, both simulate fine.
    const second = await paymasterRpc('pm_getPaymasterData', [
      under(now + 601),
      sc.contracts.entryPoint,
      chainId,
    ]);
    expect(second).toMatchObject({ error: { data: { reason: 'SPONSOR_ACCOUNT_BUSY' } } });
    expect('result' in second).toBe(false);
  });

  it("keeps the listener's daily budget: the third operation of the day is refused", async () => {
    const account = await encoreAccount(listenerKey);
    const { bundlerClient } = clients(account);
    await expect(bundlerClient.sendUserOperation({ calls: [follow('artist-2')] })).rejects.toThrow(
      /used the operations paid for it today/,
    );
  });
});
