// Sites read the chain through Encore: the worker's node client and the RPC pipeline against a
// real local chain (Hardhat's node from npm) and against hostile "nodes" on 127.0.0.1 that answer
// garbage, too much, too slowly, or errors dressed as the wallet's.

import { createServer, type Server } from 'node:http';
import { Interface } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  compileContract,
  deployContract,
  LOCAL_FUNDED_KEY,
  type LocalChain,
  startLocalChain,
} from '../../../chain/index.ts';
import { createNodeClient, type NodeLimits } from '../../../lib/extension/node/index.ts';
import type { ProviderRpcError } from '../../../lib/extension/protocol/index.ts';
import { runRpcRequest } from '../../../lib/extension/rpc/index.ts';
import { freePort } from '../../support/free-port.ts';
import { rpcFailure } from '../../support/rpc-failure.ts';
import { fakeWorld } from '../../unit/provider/support/fake-deps.ts';

const SITE = 'https://dapp.example';
const FUNDED = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';

/** The pipeline with a real node client for `url` on `chainId` (null: no URL set). */
function worldWith(url: string | null, chainId = 31337, limits: Partial<NodeLimits> = {}) {
  const world = fakeWorld();
  world.chainId = chainId;
  world.loggedIn = false; // reads need neither a login nor a connection
  world.deps.node = createNodeClient({
    currentChain: async () => ({ id: world.chainId, name: 'Local development', rpcUrl: url }),
    limits,
  });
  const call = (method: string, params?: unknown, origin = SITE) =>
    runRpcRequest(world.ctx(origin), { method, params });
  return { world, call };
}

describe('read-only passthrough to a real local chain', () => {
  let chain: LocalChain;
  let token: string;
  beforeAll(async () => {
    chain = await startLocalChain({ port: await freePort() });
    token = await deployContract(chain.url, LOCAL_FUNDED_KEY, await compileContract('DemoToken'), [
      10n ** 21n,
    ]);
  }, 120_000);
  afterAll(() => chain?.stop());

  it('answers the block number, a balance and an ERC-20 balanceOf for an unconnected, logged-out site', async () => {
    const { call, world } = worldWith(chain.url);
    expect(Number(await call('eth_blockNumber'))).toBeGreaterThan(0);
    expect(BigInt((await call('eth_getBalance', [FUNDED, 'latest'])) as string)).toBeGreaterThan(
      0n,
    );
    const erc20 = new Interface(['function balanceOf(address) view returns (uint256)']);
    const data = erc20.encodeFunctionData('balanceOf', [FUNDED]);
    const answer = (await call('eth_call', [{ to: token, data }, 'latest'])) as string;
    expect(erc20.decodeFunctionResult('balanceOf', answer)[0]).toBe(10n ** 21n);
    expect(world.asked).toEqual([]);
  });

  it('forwards every listed method and passes the node’s own errors through as JSON-RPC errors', async () => {
    const { call } = worldWith(chain.url);
    const block = (await call('eth_getBlockByNumber', ['latest', false])) as { hash: string };
    expect(block.hash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(await call('eth_getCode', [token, 'latest'])).toMatch(/^0x[0-9a-f]{10,}/);
    expect(await call('eth_getTransactionCount', [FUNDED])).toBe('0x1');
    expect(await call('eth_gasPrice')).toMatch(/^0x/);
    expect(await call('eth_maxPriorityFeePerGas', [])).toMatch(/^0x/);
    const transfer = new Interface(['function transfer(address,uint256)']).encodeFunctionData(
      'transfer',
      [token, 1n],
    );
    expect(await call('eth_estimateGas', [{ from: FUNDED, to: token, data: transfer }])).toMatch(
      /^0x/,
    );
    expect(await call('eth_feeHistory', ['0x1', 'latest', [50]])).toHaveProperty('baseFeePerGas');
    const logs = (await call('eth_getLogs', [{ address: token, fromBlock: '0x0' }])) as unknown[];
    expect(logs).toHaveLength(1); // the mint's Transfer
    const { transactionHash } = logs[0] as { transactionHash: string };
    expect(await call('eth_getTransactionByHash', [transactionHash])).toHaveProperty('hash');
    expect(await call('eth_getTransactionReceipt', [transactionHash])).toHaveProperty(
      'status',
      '0x1',
    );
    // A block that does not exist yet: the node's own refusal, as a JSON-RPC error.
    const error = await rpcFailure(call('eth_getBalance', [FUNDED, '0xffffffff']));
    expect(error.code).toBe(-32000);
    expect(error.message).toMatch(/block/i);
  });

  it('checks params per method before the node hears of them (-32602 naming the parameter)', async () => {
    const { call } = worldWith(chain.url);
    const bad = await rpcFailure(call('eth_getBalance', ['bob.eth', 'latest']));
    expect(bad.code).toBe(-32602);
    expect(bad.message).toMatch(/address \(params\[0\]\)/);
    expect((await rpcFailure(call('eth_call', [{ to: token, data: 'hi' }]))).message).toMatch(
      /transaction\.data/,
    );
    expect((await rpcFailure(call('eth_call', [{ to: token, evil: 1 }]))).code).toBe(-32602);
    expect((await rpcFailure(call('eth_getTransactionReceipt', ['0x12']))).code).toBe(-32602);
  });

  it('answers 4901 with how to add a URL when the current chain has none', async () => {
    const { call } = worldWith(null, 1);
    const error = await rpcFailure(call('eth_blockNumber'));
    expect(error.code).toBe(4901);
    expect(error.message).toMatch(/no RPC URL for Local development.*Options/);
  });

  it('answers 4901 when the URL serves another chain than the one sites see', async () => {
    const { call } = worldWith(chain.url, 1);
    const error = await rpcFailure(call('eth_getBalance', [FUNDED]));
    expect(error.code).toBe(4901);
    expect(error.message).toMatch(/serves chain 31337/);
    expect(error.message).not.toContain(chain.url);
  });

  it('wallet_addEthereumChain with the real node: saved when it serves the chain, refused when not', async () => {
    const { world } = worldWith(null, 1);
    world.connected.set(SITE, 1);
    const add = (chainId: string) =>
      runRpcRequest(world.ctx(SITE), {
        method: 'wallet_addEthereumChain',
        params: [
          {
            chainId,
            chainName: 'Hardhat',
            rpcUrls: [chain.url],
            nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
          },
        ],
      });
    const wrong = await rpcFailure(add('0x7a6a'));
    expect(wrong.code).toBe(-32602);
    expect(wrong.message).toMatch(/serves chain 0x7a69, not 0x7a6a/);
    expect(world.addedChains).toEqual([]);
    // 31337 is not built in for this fake world, so it is added with its URL.
    expect(await add('0x7a69')).toBeNull();
    expect(world.addedChains.map((added) => [added.id, added.rpcUrl])).toEqual([
      [31337, chain.url],
    ]);
  });
});

/** A hostile "node": answers eth_chainId as 31337, everything else as `answer` says. */
async function hostileNode(
  answer: (
    request: { id: number; method: string },
    res: import('node:http').ServerResponse,
  ) => void,
): Promise<{ url: string; seen: string[]; close(): Promise<void> }> {
  const seen: string[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => {
      body += chunk.toString();
    });
    req.on('end', () => {
      const request = JSON.parse(body) as { id: number; method: string };
      seen.push(request.method);
      if (request.method === 'eth_chainId') {
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ jsonrpc: '2.0', id: request.id, result: '0x7a69' }));
      } else answer(request, res);
    });
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe('read-only passthrough: what a hostile page or node can do', () => {
  const closers: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const close of closers) await close();
  });
  const node = async (answer: Parameters<typeof hostileNode>[0]) => {
    const started = await hostileNode(answer);
    closers.push(started.close);
    return started;
  };
  const ok = (request: { id: number }, res: import('node:http').ServerResponse) =>
    res.end(JSON.stringify({ jsonrpc: '2.0', id: request.id, result: '0x1' }));

  it('a page cannot forward a method that is not on the list, nor any signing method', async () => {
    const server = await node(ok);
    const { call } = worldWith(server.url);
    for (const method of [
      'eth_sendRawTransaction',
      'eth_sign',
      'eth_signTransaction',
      'eth_getStorageAt',
      'debug_traceCall',
      'hardhat_setBalance',
      'eth_accounts_',
    ]) {
      expect((await rpcFailure(call(method, []))).code).toBe(4200);
    }
    // eth_sendTransaction is the wallet's own (an approval, then a signed transaction), never a
    // request forwarded as the page sent it.
    expect([4100, -32602]).toContain((await rpcFailure(call('eth_sendTransaction', []))).code);
    expect(server.seen).toEqual([]);
  });

  it('an oversize request is refused before it leaves the worker', async () => {
    const server = await node(ok);
    const { call } = worldWith(server.url, 31337, { maxRequestBytes: 4096 });
    const data = `0x${'ab'.repeat(4096)}`;
    const error = await rpcFailure(call('eth_call', [{ to: FUNDED, data }]));
    expect(error.code).toBe(-32602);
    expect(error.message).toMatch(/larger than 4096 bytes/);
    expect(server.seen.filter((m) => m === 'eth_call')).toEqual([]);
  });

  it('a flood spends the site’s budget only: past it -32005 without reaching the node; other sites go on', async () => {
    const server = await node(ok);
    const { call } = worldWith(server.url, 31337, { burst: 5, perSecond: 0.001 });
    const answers = await Promise.allSettled(
      Array.from({ length: 30 }, () => call('eth_blockNumber')),
    );
    const refused = answers.filter(
      (a) => a.status === 'rejected' && (a.reason as ProviderRpcError).code === -32005,
    );
    expect(answers.filter((a) => a.status === 'fulfilled')).toHaveLength(5);
    expect(refused).toHaveLength(25);
    expect(server.seen.filter((m) => m === 'eth_blockNumber')).toHaveLength(5);
    expect(await call('eth_blockNumber', [], 'https://other.example')).toBe('0x1');
  });

  it('attack: huge params cost no parsing: their size and the budget are checked before the schema', async () => {
    const server = await node(ok);
    const { call } = worldWith(server.url, 31337, { maxRequestBytes: 4096, burst: 2 });
    // A stateOverride of 200 entries (far more than 4 KiB), the last one malformed: refused by
    // its size alone, so no schema walked the entries to find the bad one.
    const override: Record<string, unknown> = {};
    for (let i = 0; i < 200; i++)
      override[`0x${i.toString(16).padStart(40, '0')}`] = { nonce: '0x1' };
    override[`0x${'f'.repeat(40)}`] = { nonce: 'not hex' };
    const huge = await rpcFailure(call('eth_call', [{ to: FUNDED }, 'latest', override]));
    expect(huge.code).toBe(-32602);
    expect(huge.message).toMatch(/larger than 4096 bytes/);
    // Past the budget, even malformed params are -32005: nothing of them was read.
    expect((await rpcFailure(call('eth_call', [{ to: 'nope' }]))).code).toBe(-32602);
    expect((await rpcFailure(call('eth_call', [{ to: 'nope' }]))).code).toBe(-32005);
    expect(server.seen.filter((m) => m === 'eth_call')).toEqual([]);
  });

  it('attack: a site using many origins of its own shares one budget of all sites', async () => {
    const server = await node(ok);
    const { call } = worldWith(server.url, 31337, { allSitesBurst: 10, allSitesPerSecond: 0.001 });
    const answers = await Promise.allSettled(
      Array.from({ length: 30 }, (_, i) =>
        call('eth_blockNumber', [], `https://a${i}.evil.example`),
      ),
    );
    expect(answers.filter((a) => a.status === 'fulfilled')).toHaveLength(10);
    expect(
      answers.filter(
        (a) => a.status === 'rejected' && (a.reason as ProviderRpcError).code === -32005,
      ),
    ).toHaveLength(20);
    expect(server.seen.filter((m) => m === 'eth_blockNumber')).toHaveLength(10);
  });

  it('attack: at most maxInFlight sites’ reads are at the node at once (each answer may be 4 MiB)', async () => {
    const held: (() => void)[] = [];
    let atNode = 0;
    let most = 0;
    const server = await node((request, res) => {
      atNode++;
      most = Math.max(most, atNode);
      held.push(() => {
        atNode--;
        res.end(JSON.stringify({ jsonrpc: '2.0', id: request.id, result: '0x1' }));
      });
    });
    const { call } = worldWith(server.url, 31337, { maxInFlight: 3 });
    const reads = Array.from({ length: 10 }, (_, i) =>
      call('eth_getLogs', [{}], `https://a${i}.evil.example`),
    );
    while (held.length < 3) await new Promise((resolve) => setTimeout(resolve, 10));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(held).toHaveLength(3);
    // Each answer lets the next one in, until all ten are answered.
    for (let answered = 0; answered < 10; answered++) {
      while (held.length === 0) await new Promise((resolve) => setTimeout(resolve, 10));
      held.shift()?.();
    }
    expect(await Promise.all(reads)).toEqual(Array(10).fill('0x1'));
    expect(most).toBe(3);
  });

  it('attack: a node that redirects is not followed to the other host (POST body and all)', async () => {
    const elsewhere = await node(ok);
    const server = await node((_request, res) => {
      res.statusCode = 307;
      res.setHeader('location', elsewhere.url);
      res.end();
    });
    const { call } = worldWith(server.url);
    const error = await rpcFailure(call('eth_call', [{ to: FUNDED }]));
    expect(error.code).toBe(-32603);
    expect(error.message).not.toContain(elsewhere.url);
    expect(elsewhere.seen).toEqual([]);
  });

  it('a node answering garbage: -32603, nothing of the garbage reaches the page', async () => {
    const server = await node((_request, res) => res.end('<html>login to your router</html>'));
    const { call } = worldWith(server.url);
    const error = await rpcFailure(call('eth_blockNumber'));
    expect(error).toMatchObject({ code: -32603 });
    expect(error.message).toMatch(/not a JSON-RPC answer/);
    expect(error.message).not.toMatch(/router/);
    expect(error.message).not.toContain(server.url);
  });

  it('a node answering with another request’s id is not believed', async () => {
    const server = await node((request, res) =>
      res.end(JSON.stringify({ jsonrpc: '2.0', id: request.id + 1, result: '0x99' })),
    );
    expect((await rpcFailure(worldWith(server.url).call('eth_blockNumber'))).code).toBe(-32603);
  });

  it('a node answering a huge body: reading stops at the cap, -32603', async () => {
    const server = await node((request, res) => {
      // No content-length: the cap must hold while streaming.
      res.write(`{"jsonrpc":"2.0","id":${request.id},"result":"0x`);
      const chunk = 'ab'.repeat(32 * 1024);
      let sent = 0;
      const pump = () => {
        while (sent < 64 && res.write(chunk)) sent++;
        if (sent < 64) res.once('drain', pump);
        else res.end('"}');
      };
      pump();
    });
    const { call } = worldWith(server.url, 31337, { maxResponseBytes: 256 * 1024 });
    const error = await rpcFailure(call('eth_getLogs', [{}]));
    expect(error.code).toBe(-32603);
    expect(error.message).toMatch(/more than 262144 bytes/);
  });

  it('a node that never answers: -32603 after the deadline, not a page waiting forever', async () => {
    const server = await node(() => {
      // never answers
    });
    const { call } = worldWith(server.url, 31337, { timeoutMs: 300 });
    const error = await rpcFailure(call('eth_blockNumber'));
    expect(error.code).toBe(-32603);
    expect(error.message).toMatch(/did not answer within 0.3 s/);
  });

  it('a node’s error is reduced to code, a one-line message and small data; wallet codes are not the node’s to send', async () => {
    let reply: object = {};
    const server = await node((request, res) =>
      res.end(JSON.stringify({ jsonrpc: '2.0', id: request.id, error: reply })),
    );
    const { call } = worldWith(server.url);
    reply = { code: 3, message: 'execution reverted', data: '0x08c379a0' };
    expect(await rpcFailure(call('eth_call', [{ to: FUNDED }]))).toMatchObject({
      code: 3,
      message: 'execution reverted',
      data: '0x08c379a0',
    });
    reply = { code: 4001, message: 'User rejected the request.\n\u0000' };
    const spoof = await rpcFailure(call('eth_blockNumber'));
    expect(spoof.code).toBe(-32603);
    expect(spoof.message).toBe('User rejected the request. ');
    reply = { code: -32000, message: 'x'.repeat(10_000), data: { blob: 'y'.repeat(10_000) } };
    const big = await rpcFailure(call('eth_blockNumber'));
    expect(big.code).toBe(-32000);
    expect(big.message).toHaveLength(300);
    expect(big.data).toBeUndefined();
    reply = { code: 'boom', message: 42 };
    expect(await rpcFailure(call('eth_blockNumber'))).toMatchObject({ code: -32603 });
  });
});
