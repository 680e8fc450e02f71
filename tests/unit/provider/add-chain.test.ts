import { beforeEach, describe, expect, it } from 'vitest';
import { runRpcRequest } from '../../../lib/extension/rpc/index.ts';
import { MAX_ADDED_CHAINS } from '../../../lib/extension/settings/index.ts';
import { rpcFailure } from '../../support/rpc-failure.ts';
import { type FakeWorld, fakeWorld } from './support/fake-deps.ts';

const SITE = 'http://localhost:8800';
const OTHER = 'http://127.0.0.1:8800';
const POLYGON_URL = 'https://polygon-rpc.example/v1';

const polygon = () => ({
  chainId: '0x89',
  chainName: 'Polygon',
  rpcUrls: [POLYGON_URL],
  nativeCurrency: { name: 'POL', symbol: 'POL', decimals: 18 },
  blockExplorerUrls: ['https://polygonscan.example'],
});

function call(world: FakeWorld, params: unknown, origin = SITE): Promise<unknown> {
  return runRpcRequest(world.ctx(origin), { method: 'wallet_addEthereumChain', params });
}

describe('wallet_addEthereumChain', () => {
  let world: FakeWorld;
  beforeEach(() => {
    world = fakeWorld();
    world.connected.set(SITE, 1);
    world.servedChains.set(POLYGON_URL, 0x89);
  });

  it('shows the chain id, name and RPC URL, saves what was shown, then the site may switch to it', async () => {
    expect(await call(world, [polygon()])).toBeNull();
    expect(world.asked).toEqual([
      {
        origin: SITE,
        details: {
          kind: 'add_chain',
          chain: {
            id: 137,
            name: 'Polygon',
            rpcUrl: POLYGON_URL,
            nativeCurrency: { name: 'POL', symbol: 'POL', decimals: 18 },
            blockExplorerUrls: ['https://polygonscan.example'],
          },
          builtIn: false,
          replacesRpcUrl: null,
          replacesCurrency: null,
          localNetwork: false,
        },
      },
    ]);
    expect(world.addedChains.map((chain) => [chain.id, chain.rpcUrl])).toEqual([
      [137, POLYGON_URL],
    ]);
    const switching = runRpcRequest(world.ctx(SITE), {
      method: 'wallet_switchEthereumChain',
      params: [{ chainId: '0x89' }],
    });
    expect(await switching).toBeNull();
    expect(world.chainId).toBe(137);
  });

  it('a chain already known at the same URL answers null without asking', async () => {
    await call(world, [polygon()]);
    world.asked = [];
    expect(await call(world, [{ ...polygon(), rpcUrls: [`${POLYGON_URL}/`] }])).toBeNull();
    expect(world.asked).toEqual([]);
  });

  it('a built-in chain only gets its RPC URL, and the window shows the URL it replaces', async () => {
    world.rpcUrls.set(11155111, 'https://old.example');
    world.servedChains.set('https://sepolia.example', 11155111);
    const sepolia = {
      ...polygon(),
      chainId: '0xaa36a7',
      chainName: 'Sepolia test',
      rpcUrls: ['https://sepolia.example'],
    };
    expect(await call(world, [sepolia])).toBeNull();
    expect(world.asked[0]?.details).toMatchObject({
      kind: 'add_chain',
      // Encore's own name, not the one the site sent: only the URL changes.
      chain: { id: 11155111, name: 'Sepolia', rpcUrl: 'https://sepolia.example' },
      builtIn: true,
      replacesRpcUrl: 'https://old.example',
    });
    expect(world.rpcUrls.get(11155111)).toBe('https://sepolia.example');
    expect(world.addedChains).toEqual([]);
  });

  it.each([
    'http://127.0.0.1:8545',
    'http://2130706433:8545',
    'http://localhost:8545',
    'http://node.local:8545',
    'http://192.168.1.1/',
    'http://10.0.0.7:8545',
    'http://172.20.0.2:8545',
    'http://169.254.169.254/',
    'http://100.64.0.1/',
    'http://[::1]:8545',
    'http://[::ffff:192.168.1.1]/',
    'http://[fd12:3456::1]/',
    'http://[fe80::1]/',
  ])(
    'attack: an RPC URL on the person’s own network (%s) is named as such in the window',
    async (url) => {
      world.servedChains.set(url, 0x89);
      await call(world, [{ ...polygon(), rpcUrls: [url] }]);
      expect(world.asked[0]?.details).toMatchObject({ kind: 'add_chain', localNetwork: true });
    },
  );

  it.each([
    'https://polygon-rpc.example/v1',
    'http://8.8.8.8/',
    'http://172.32.0.1/',
    'http://[2001:db8::1]/',
  ])('a public RPC URL (%s) is not called local', async (url) => {
    world.servedChains.set(url, 0x89);
    await call(world, [{ ...polygon(), rpcUrls: [url] }]);
    expect(world.asked[0]?.details).toMatchObject({ kind: 'add_chain', localNetwork: false });
  });

  it('a currency of other decimals is asked for with its decimals, which the approval carries', async () => {
    const usdc = { name: 'USD Coin', symbol: 'USDC', decimals: 6 };
    await call(world, [{ ...polygon(), nativeCurrency: usdc }]);
    expect(world.asked[0]?.details).toMatchObject({
      kind: 'add_chain',
      chain: { nativeCurrency: usdc },
      replacesCurrency: null,
    });
  });

  it('attack: a re-add that changes the currency is shown as a change (old → new), even at the same URL', async () => {
    await call(world, [polygon()]);
    const cheap = { name: 'Pol', symbol: 'PLC', decimals: 36 };
    world.asked = [];
    await call(world, [{ ...polygon(), nativeCurrency: cheap }]);
    expect(world.asked).toHaveLength(1);
    expect(world.asked[0]?.details).toMatchObject({
      kind: 'add_chain',
      chain: { nativeCurrency: cheap },
      replacesRpcUrl: POLYGON_URL,
      replacesCurrency: { name: 'POL', symbol: 'POL', decimals: 18 },
    });
    expect(world.addedChains[0]?.nativeCurrency).toEqual(cheap);

    world.servedChains.set('https://other-polygon.example', 0x89);
    world.asked = [];
    const renamed = { name: 'Polygon Ecosystem Token', symbol: 'PLC', decimals: 36 };
    await call(world, [
      { ...polygon(), rpcUrls: ['https://other-polygon.example'], nativeCurrency: renamed },
    ]);
    expect(world.asked[0]?.details).toMatchObject({ replacesCurrency: cheap });
  });

  it("attack: a built-in chain shows Encore's own currency, never the one the site sent", async () => {
    world.servedChains.set('https://sepolia.example', 11155111);
    const sepolia = {
      ...polygon(),
      chainId: '0xaa36a7',
      rpcUrls: ['https://sepolia.example'],
      nativeCurrency: { name: 'Fake', symbol: 'FAKE', decimals: 36 },
    };
    await call(world, [sepolia]);
    expect(world.asked[0]?.details).toMatchObject({
      builtIn: true,
      chain: { nativeCurrency: { symbol: 'ETH', decimals: 18 } },
      replacesCurrency: null,
    });
  });

  it('rejecting answers 4001 and stores nothing', async () => {
    world.answer = 'reject';
    expect((await rpcFailure(call(world, [polygon()]))).code).toBe(4001);
    expect(world.addedChains).toEqual([]);
    expect(world.chainId).toBe(1);
  });

  it('attack: an unconnected site gets 4100, asks nothing and stores nothing', async () => {
    expect((await rpcFailure(call(world, [polygon()], OTHER))).code).toBe(4100);
    expect(world.asked).toEqual([]);
    expect(world.addedChains).toEqual([]);
  });

  it('attack: a URL serving another chain is refused after the approval, nothing stored', async () => {
    world.servedChains.set(POLYGON_URL, 1);
    const error = await rpcFailure(call(world, [polygon()]));
    expect(error.code).toBe(-32602);
    expect(error.message).toMatch(/rpcUrls\[0\] serves chain 0x1, not 0x89/);
    expect(world.addedChains).toEqual([]);
  });

  it('attack: an unreachable URL is -32603 and stores nothing', async () => {
    world.servedChains.clear();
    expect((await rpcFailure(call(world, [polygon()]))).code).toBe(-32603);
    expect(world.addedChains).toEqual([]);
  });

  const hostile: [string, unknown, RegExp][] = [
    ['no params', undefined, /addChainParams|params/],
    ['a string', ['0x89'], /addChainParams/],
    ['a number chain id', [{ ...polygon(), chainId: 137 }], /chainId/],
    ['a leading zero', [{ ...polygon(), chainId: '0x089' }], /chainId.*leading zeros/],
    ['chain id 0', [{ ...polygon(), chainId: '0x0' }], /chainId/],
    ['a chain id past 2^53', [{ ...polygon(), chainId: '0x20000000000000' }], /chainId/],
    ['a javascript: URL', [{ ...polygon(), rpcUrls: ['javascript:alert(1)'] }], /rpcUrls\[0\]/],
    ['a ws: URL', [{ ...polygon(), rpcUrls: ['ws://node.example'] }], /rpcUrls\[0\]/],
    [
      'credentials in the URL',
      [{ ...polygon(), rpcUrls: ['https://user:pw@node.example'] }],
      /rpcUrls\[0\].*user name and password/,
    ],
    ['no RPC URL', [{ ...polygon(), rpcUrls: [] }], /rpcUrls/],
    ['a URL that is not a string', [{ ...polygon(), rpcUrls: [{}] }], /rpcUrls\[0\]/],
    ['an empty name', [{ ...polygon(), chainName: '  ' }], /chainName/],
    ['a name with a line break', [{ ...polygon(), chainName: 'Poly\u2028gon' }], /chainName/],
    ['a name with bidi controls', [{ ...polygon(), chainName: 'Poly\u202egon' }], /chainName/],
    ['no currency', [{ ...polygon(), nativeCurrency: undefined }], /nativeCurrency/],
    [
      'a long symbol',
      [{ ...polygon(), nativeCurrency: { name: 'x', symbol: 'TOOLONGX', decimals: 18 } }],
      /nativeCurrency\.symbol/,
    ],
    [
      'ETH with 36 decimals (1 ETH shown as 10^-18 ETH, the default limit no limit)',
      [{ ...polygon(), nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 36 } }],
      /nativeCurrency\.decimals must be 18 for ETH/,
    ],
    [
      'eth in lower case with 6 decimals',
      [{ ...polygon(), nativeCurrency: { name: 'Ether', symbol: 'eth', decimals: 6 } }],
      /nativeCurrency\.decimals must be 18 for eth/,
    ],
    [
      'MATIC with 0 decimals',
      [{ ...polygon(), nativeCurrency: { name: 'Matic', symbol: 'MATIC', decimals: 0 } }],
      /nativeCurrency\.decimals must be 18/,
    ],
    [
      'xDAI with 36 decimals',
      [{ ...polygon(), nativeCurrency: { name: 'xDai', symbol: 'xDAI', decimals: 36 } }],
      /nativeCurrency\.decimals must be 18/,
    ],
    [
      'an ether by another name (OETH) with 36 decimals',
      [{ ...polygon(), nativeCurrency: { name: 'Ether', symbol: 'OETH', decimals: 36 } }],
      /nativeCurrency\.decimals must be 18/,
    ],
    [
      'a Cyrillic ЕТН that reads as ETH',
      [
        {
          ...polygon(),
          nativeCurrency: { name: 'Ether', symbol: '\u0415\u0422\u041d', decimals: 36 },
        },
      ],
      /nativeCurrency\.symbol must be 2 to 6 ASCII/,
    ],
    [
      'string decimals',
      [{ ...polygon(), nativeCurrency: { name: 'x', symbol: 'XX', decimals: '18' } }],
      /nativeCurrency\.decimals/,
    ],
    [
      'a javascript: explorer',
      [{ ...polygon(), blockExplorerUrls: ['javascript:alert(1)'] }],
      /blockExplorerUrls\[0\]/,
    ],
    ['a huge name', [{ ...polygon(), chainName: 'x'.repeat(100_000) }], /bytes of JSON/],
    ['a huge unknown field', [{ ...polygon(), padding: 'x'.repeat(20_000) }], /bytes of JSON/],
    [
      'many URLs',
      [{ ...polygon(), rpcUrls: Array.from({ length: 9 }, (_, i) => `https://n${i}.example`) }],
      /rpcUrls/,
    ],
  ];
  for (const [name, params, message] of hostile) {
    it(`attack: ${name} is -32602 naming the parameter, asks nothing, stores nothing`, async () => {
      const error = await rpcFailure(call(world, params));
      expect(error.code).toBe(-32602);
      expect(error.message).toMatch(message);
      expect(world.asked).toEqual([]);
      expect(world.addedChains).toEqual([]);
    });
  }

  it('attack: oversize params are refused without reading them whole', async () => {
    // Past the limit the measure stops: what lies beyond is never read (nor stringified).
    let read = false;
    const beyond = {
      get field() {
        read = true;
        return 'x';
      },
    };
    const error = await rpcFailure(
      call(world, [{ ...polygon(), beyond, padding: 'x'.repeat(100_000) }]),
    );
    expect(error.code).toBe(-32602);
    expect(error.message).toMatch(/bytes of JSON/);
    expect(read).toBe(false);
  });

  it(`attack: past ${MAX_ADDED_CHAINS} added chains, a new one is -32005 without asking`, async () => {
    for (let i = 0; i < MAX_ADDED_CHAINS; i++) {
      const chain = { ...polygon(), chainId: `0x${(1000 + i).toString(16)}` };
      world.servedChains.set(POLYGON_URL, 1000 + i);
      await call(world, [chain]);
    }
    world.asked = [];
    const error = await rpcFailure(call(world, [{ ...polygon(), chainId: '0x5' }]));
    expect(error.code).toBe(-32005);
    expect(world.asked).toEqual([]);
    expect(world.addedChains).toHaveLength(MAX_ADDED_CHAINS);
  });
});
