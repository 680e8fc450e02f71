import { TypedDataEncoder, verifyMessage, verifyTypedData, Wallet } from 'ethers';
import { beforeEach, describe, expect, it } from 'vitest';
import type { RpcSigner } from '../../../lib/extension/rpc/index.ts';
import { runRpcRequest } from '../../../lib/extension/rpc/index.ts';
import { rpcFailure } from '../../support/rpc-failure.ts';
import { type FakeWorld, fakeWorld, WALLET } from './support/fake-deps.ts';

const SITE = 'http://localhost:8800';
const OTHER = 'http://127.0.0.1:8800';
/** Sites get the account in lower case, as the most used wallet answers. */
const SITE_ACCOUNT = WALLET.address.toLowerCase();

async function call(
  world: FakeWorld,
  method: string,
  params?: unknown,
  origin = SITE,
): Promise<unknown> {
  return runRpcRequest(world.ctx(origin), { method, params });
}

const typedData = {
  types: {
    EIP712Domain: [
      { name: 'name', type: 'string' },
      { name: 'version', type: 'string' },
      { name: 'chainId', type: 'uint256' },
    ],
    Favorite: [
      { name: 'trackId', type: 'string' },
      { name: 'listener', type: 'address' },
    ],
  },
  primaryType: 'Favorite',
  domain: { name: 'Encore demo', version: '1', chainId: 1 },
  message: { trackId: 'T1', listener: WALLET.address },
};

describe('RPC pipeline', () => {
  let world: FakeWorld;
  beforeEach(() => {
    world = fakeWorld();
  });

  it('answers 4200 for unknown methods and explains the refused ones', async () => {
    expect((await rpcFailure(call(world, 'eth_getStorageAt'))).code).toBe(4200);
    expect((await rpcFailure(call(world, '__proto__'))).code).toBe(4200);
    const tx = await rpcFailure(call(world, 'eth_signTransaction', [{}]));
    expect(tx.code).toBe(4200);
    expect(tx.message).toMatch(/use eth_sendTransaction/);
    expect((await rpcFailure(call(world, 'eth_sign', []))).message).toMatch(/blind signing/);
    expect(world.asked).toEqual([]);
  });

  it('reports the chain in hex and decimal', async () => {
    world.chainId = 11155111;
    expect(await call(world, 'eth_chainId')).toBe('0xaa36a7');
    expect(await call(world, 'net_version', [])).toBe('11155111');
  });

  it('connects after approval, remembers it, and shows the account only to that site', async () => {
    expect(await call(world, 'eth_accounts')).toEqual([]);
    expect(await call(world, 'eth_requestAccounts')).toEqual([SITE_ACCOUNT]);
    expect(world.asked).toEqual([{ origin: SITE, details: { kind: 'connect' } }]);
    expect(await call(world, 'eth_requestAccounts')).toEqual([SITE_ACCOUNT]);
    expect(world.asked).toHaveLength(1);
    expect(await call(world, 'eth_accounts')).toEqual([SITE_ACCOUNT]);
    expect(await call(world, 'eth_accounts', [], OTHER)).toEqual([]);
  });

  it('rejected connection: 4001 and nothing remembered', async () => {
    world.answer = 'reject';
    expect((await rpcFailure(call(world, 'eth_requestAccounts'))).code).toBe(4001);
    expect(world.connected.size).toBe(0);
  });

  it('asks a logged-out person to log in before connecting', async () => {
    world.loggedIn = false;
    world.answer = 'login';
    const pending = call(world, 'eth_requestAccounts');
    await expect(pending).rejects.toMatchObject({ code: 4001 }); // login ok, then the connect prompt
    expect(world.asked.map((a) => a.details.kind)).toEqual(['login', 'connect']);
  });

  it('does not ask to log in when the login finished while the connection was being checked', async () => {
    world.loggedIn = false;
    world.connected.set(SITE, 1);
    const isConnected = world.deps.permissions.isConnected;
    world.deps.permissions.isConnected = async (origin) => {
      const connected = await isConnected(origin);
      world.loggedIn = true; // the person completes a login in the popup during this read
      return connected;
    };
    const signature = await call(world, 'personal_sign', ['0x68690a', WALLET.address]);
    expect(signature).toMatch(/^0x[0-9a-f]{130}$/);
    expect(world.asked.map((a) => a.details.kind)).toEqual(['personal_sign']);
  });

  it('logged out: eth_accounts is [], signing from an unconnected site is 4100 without a prompt', async () => {
    world.loggedIn = false;
    world.connected.set(SITE, 1);
    expect(await call(world, 'eth_accounts')).toEqual([]);
    const error = await rpcFailure(
      call(world, 'personal_sign', ['0x68690a', WALLET.address], OTHER),
    );
    expect(error.code).toBe(4100);
    expect(world.asked).toEqual([]);
  });

  it('an unconnected site learns nothing from its params: 4100 comes before any parse error', async () => {
    const tokenLike = `${Buffer.from('{"alg":"keccak256"}').toString('base64url')}.e30`;
    const malformed: [string, unknown][] = [
      ['personal_sign', [`0x${'00'.repeat(70_000)}`, WALLET.address]], // too long
      ['personal_sign', [tokenLike, WALLET.address]], // what the ID-token check would refuse
      ['personal_sign', ['hi', 'not-an-address']],
      ['eth_signTypedData_v4', [WALLET.address, '{oops']],
      ['eth_signTypedData_v4', [WALLET.address, { ...typedData, message: { trackId: 1 } }]],
      ['wallet_switchEthereumChain', [{ chainId: 1 }]],
    ];
    world.connected.set(SITE, 1);
    for (const [method, params] of malformed) {
      expect((await rpcFailure(call(world, method, params, OTHER))).code).toBe(4100);
      expect((await rpcFailure(call(world, method, params, SITE))).code).toBe(-32602);
    }
    world.loggedIn = false;
    for (const [method, params] of malformed) {
      expect((await rpcFailure(call(world, method, params, OTHER))).code).toBe(4100);
    }
    expect(world.asked).toEqual([]);
  });

  it('logged out: a connected site with bad params gets -32602 and no login prompt; good params prompt', async () => {
    world.loggedIn = false;
    world.connected.set(SITE, 1);
    const bad = await rpcFailure(call(world, 'personal_sign', ['hi', 'not-an-address']));
    expect(bad.code).toBe(-32602);
    expect(world.asked).toEqual([]);
    world.answer = 'reject';
    expect((await rpcFailure(call(world, 'personal_sign', ['0x6869', WALLET.address]))).code).toBe(
      4001,
    );
    expect(world.asked.map((a) => a.details.kind)).toEqual(['login']);
  });

  it('personal_sign: a message of at most 64 KiB after decoding, as hex or text', async () => {
    world.connected.set(SITE, 1);
    const limit = 64 * 1024;
    const atLimit = `0x${'61'.repeat(limit)}`;
    const signature = (await call(world, 'personal_sign', [atLimit, WALLET.address])) as string;
    expect(verifyMessage('a'.repeat(limit), signature)).toBe(WALLET.address);
    const tooLong = [
      `0x${'61'.repeat(limit + 1)}`,
      'a'.repeat(limit + 1),
      '€'.repeat(30_000), // 30,000 characters, 90,000 bytes of UTF-8
      `0x${'61'.repeat(600_000)}`, // refused before it is decoded
    ];
    for (const message of tooLong) {
      const error = await rpcFailure(call(world, 'personal_sign', [message, WALLET.address]));
      expect(error.code).toBe(-32602);
      expect(error.message).toMatch(/message \(params\[0\]\) must be at most 65536 bytes/);
    }
    expect(world.asked).toHaveLength(1);
  });

  it('eth_signTypedData_v4: at most 64 KiB of JSON', async () => {
    world.connected.set(SITE, 1);
    const big = { ...typedData, message: { ...typedData.message, trackId: 'x'.repeat(70_000) } };
    for (const payload of [big, JSON.stringify(big)]) {
      const error = await rpcFailure(
        call(world, 'eth_signTypedData_v4', [WALLET.address, payload]),
      );
      expect(error.code).toBe(-32602);
      expect(error.message).toMatch(/typedData \(params\[1\]\) is larger than 65536 bytes/);
    }
    expect(world.asked).toEqual([]);
  });

  it('personal_sign: 4100 until connected, then a verifiable signature after approval', async () => {
    const message = `0x${Buffer.from('Sign in to Encore demo').toString('hex')}`;
    expect((await rpcFailure(call(world, 'personal_sign', [message, WALLET.address]))).code).toBe(
      4100,
    );
    world.connected.set(SITE, 1);
    const signature = (await call(world, 'personal_sign', [
      message,
      WALLET.address.toLowerCase(),
    ])) as string;
    expect(verifyMessage('Sign in to Encore demo', signature)).toBe(WALLET.address);
    expect(world.asked[0]?.details).toMatchObject({ kind: 'personal_sign', message });
  });

  it('personal_sign: -32602 names the bad parameter; another account is 4100; reject is 4001', async () => {
    world.connected.set(SITE, 1);
    const bad = await rpcFailure(call(world, 'personal_sign', ['0x00', 'not-an-address']));
    expect(bad.code).toBe(-32602);
    expect(bad.message).toMatch(/address \(params\[1\]\)/);
    const missing = await rpcFailure(call(world, 'personal_sign', []));
    expect(missing.code).toBe(-32602);
    expect(missing.message).toMatch(/message/);
    const other = await rpcFailure(call(world, 'personal_sign', ['0x00', `0x${'22'.repeat(20)}`]));
    expect(other.code).toBe(4100);
    world.answer = 'reject';
    expect((await rpcFailure(call(world, 'personal_sign', ['0x00', WALLET.address]))).code).toBe(
      4001,
    );
  });

  it('eth_signTypedData_v4: accepts viem-style types with EIP712Domain, as JSON or object', async () => {
    world.connected.set(SITE, 1);
    const { EIP712Domain: _d, ...types } = typedData.types;
    for (const payload of [JSON.stringify(typedData), typedData]) {
      const signature = (await call(world, 'eth_signTypedData_v4', [
        WALLET.address,
        payload,
      ])) as string;
      expect(verifyTypedData(typedData.domain, types, typedData.message, signature)).toBe(
        WALLET.address,
      );
    }
    expect(world.asked[0]?.details).toMatchObject({ kind: 'typed_data', currentChainId: 1 });
    expect(TypedDataEncoder.from(types).primaryType).toBe('Favorite');
  });

  it('eth_signTypedData_v4: unusable data is -32602 before anyone is asked', async () => {
    world.connected.set(SITE, 1);
    const broken = { ...typedData, message: { trackId: 'T1', listener: 'nobody' } };
    const error = await rpcFailure(call(world, 'eth_signTypedData_v4', [WALLET.address, broken]));
    expect(error.code).toBe(-32602);
    expect(error.message).toMatch(/typedData/);
    const notJson = await rpcFailure(
      call(world, 'eth_signTypedData_v4', [WALLET.address, '{oops']),
    );
    expect(notJson.message).toMatch(/typedData \(params\[1\]\)/);
    const wrongPrimary = { ...typedData, primaryType: 'Nothing' };
    expect(
      (await rpcFailure(call(world, 'eth_signTypedData_v4', [WALLET.address, wrongPrimary]))).code,
    ).toBe(-32602);
    expect(world.asked).toEqual([]);
  });

  it('wallet_switchEthereumChain: supported chains switch, others are 4902, bad ids -32602', async () => {
    world.connected.set(SITE, 1);
    expect(await call(world, 'wallet_switchEthereumChain', [{ chainId: '0xaa36a7' }])).toBeNull();
    expect(world.chainId).toBe(11155111);
    expect(
      (await rpcFailure(call(world, 'wallet_switchEthereumChain', [{ chainId: '0x89' }]))).code,
    ).toBe(4902);
    const bad = await rpcFailure(call(world, 'wallet_switchEthereumChain', [{ chainId: 137 }]));
    expect(bad.code).toBe(-32602);
    expect(bad.message).toMatch(/chainId/);
    expect(
      (await rpcFailure(call(world, 'wallet_switchEthereumChain', [{ chainId: '0x1' }], OTHER)))
        .code,
    ).toBe(4100);
  });

  it('permissions: request, get and revoke affect only the calling site', async () => {
    world.connected.set(OTHER, 5);
    expect(await call(world, 'wallet_getPermissions')).toEqual([]);
    const granted = await call(world, 'wallet_requestPermissions', [{ eth_accounts: {} }]);
    expect(granted).toEqual([
      {
        id: expect.stringMatching(/^[0-9a-f]{32}$/),
        parentCapability: 'eth_accounts',
        invoker: SITE,
        date: 1000,
        caveats: [{ type: 'restrictReturnedAccounts', value: [SITE_ACCOUNT] }],
      },
    ]);
    const bad = await rpcFailure(call(world, 'wallet_requestPermissions', [{ eth_sign: {} }]));
    expect(bad.code).toBe(-32602);
    expect(await call(world, 'wallet_revokePermissions', [{ eth_accounts: {} }])).toBeNull();
    expect(await call(world, 'eth_accounts')).toEqual([]);
    expect(await call(world, 'eth_accounts', undefined, OTHER)).toEqual([SITE_ACCOUNT]);
  });

  it('encore_requestIdToken: asks with the catalog user shown, then returns the token', async () => {
    world.connected.set(SITE, 1);
    expect(await call(world, 'encore_requestIdToken')).toBe(
      `token-for-u1-by-${WALLET.address}-to-${SITE}-for-300s`,
    );
    expect(world.asked[0]?.details).toMatchObject({ kind: 'id_token', user: { handle: 'ray' } });
    world.catalogUser = null;
    const none = await rpcFailure(call(world, 'encore_requestIdToken'));
    expect(none.code).toBe(-32603);
    expect(none.data).toEqual({ reason: 'no-catalog-user' });
  });

  it('a site disconnected while its request waits for approval gets 4100, not a signature', async () => {
    world.connected.set(SITE, 1);
    world.deps.approvals.request = async () => {
      // The person presses Disconnect in the popup (or the site revokes) before approving.
      world.connected.delete(SITE);
      return { passwordConfirmed: false };
    };
    const sign = await rpcFailure(call(world, 'personal_sign', ['0x00', WALLET.address]));
    expect(sign.code).toBe(4100);
    world.connected.set(SITE, 1);
    const token = await rpcFailure(call(world, 'encore_requestIdToken'));
    expect(token.code).toBe(4100);
  });

  it('an approval shown for one account is never answered with another that logged in meanwhile', async () => {
    world.connected.set(SITE, 1);
    const other = Wallet.createRandom();
    let current: RpcSigner = WALLET as unknown as RpcSigner;
    world.deps.getWallet = () => current;
    world.deps.approvals.request = async () => {
      // Log out, then log in as someone else, while the window still shows the first account.
      current = other as unknown as RpcSigner;
      return { passwordConfirmed: false };
    };
    const token = await rpcFailure(call(world, 'encore_requestIdToken'));
    expect(token.code).toBe(4100);
  });

  it('hides internal failures behind -32603', async () => {
    world.deps.permissions.isConnected = async () => {
      throw new Error('storage exploded at /secret/path');
    };
    const error = await rpcFailure(call(world, 'eth_accounts'));
    expect(error.code).toBe(-32603);
    expect(error.message).not.toMatch(/secret/);
  });
});
