// The demo server's relayer against a real local chain: what it submits, and every refusal,
// played by the attacker who would profit from it (free transactions, replays, someone else's
// budget).
import { type BaseWallet, Contract, JsonRpcProvider, Wallet } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  deployDemoContracts,
  LOCAL_FUNDED_KEY,
  LOCAL_RELAYER_KEY,
  type LocalChain,
  startLocalChain,
} from '../../../chain/index.ts';
import { type DemoServer, startDemo } from '../../../demo/server/index.ts';
import { type RelayConfig, relayConfigFromEnv } from '../../../demo/server/relay/config.ts';
import {
  FAVORITE_TYPES,
  FAVORITES_ABI,
  type FavoriteChain,
  type FavoriteMessage,
  favoriteDomain,
  favoriteTypedData,
} from '../../../demo/shared/favorite.ts';
import { type DevCatalog, devUserPrivateKey, startDevCatalog } from '../../../dev-catalog/index.ts';
import { freePort } from '../../support/free-port.ts';

const RELAYER_KEY = LOCAL_RELAYER_KEY;
const RELAYER = new Wallet(RELAYER_KEY).address;
const NO_CATALOG = 'http://127.0.0.1:9/';

describe('the demo relayer on a local chain', () => {
  let chain: LocalChain;
  let provider: JsonRpcProvider;
  let favorites: Contract;
  let where: FavoriteChain;
  const demos: DemoServer[] = [];

  function relayConfig(overrides: Partial<RelayConfig> = {}): RelayConfig {
    const base = relayConfigFromEnv({
      CHAIN_RPC_URL: chain.url,
      RELAYER_KEY,
      FAVORITES_ADDRESS: where.contract,
    });
    if (!base) throw new Error('relay config missing');
    return { ...base, ...overrides };
  }
  async function demo(overrides: Partial<RelayConfig> = {}, catalog = NO_CATALOG) {
    const started = await startDemo({
      port: 0,
      catalogHostListUrl: catalog,
      relay: relayConfig(overrides),
    });
    demos.push(started);
    return started;
  }

  beforeAll(async () => {
    chain = await startLocalChain({ port: await freePort() });
    const { favorites: contract } = await deployDemoContracts(chain.url, LOCAL_FUNDED_KEY);
    where = { chainId: 31337, contract };
    provider = new JsonRpcProvider(chain.url, undefined, { staticNetwork: true, cacheTimeout: -1 });
    favorites = new Contract(contract, FAVORITES_ABI, provider);
  }, 90_000);
  afterAll(async () => {
    await Promise.all(demos.map((d) => d.close()));
    provider?.destroy();
    await chain?.stop();
  });

  async function signedBody(
    listener: BaseWallet,
    trackId: string,
    overrides: Partial<FavoriteMessage> = {},
    signer: BaseWallet = listener,
    at: FavoriteChain = where,
  ) {
    const message: FavoriteMessage = {
      listener: listener.address,
      trackId,
      nonce: String(await favorites.getFunction('nonces')(listener.address)),
      deadline: String(Math.floor(Date.now() / 1000) + 600),
      ...overrides,
    };
    const signature = await signer.signTypedData(favoriteDomain(at), FAVORITE_TYPES, message);
    return { typedData: favoriteTypedData(at, message), signature };
  }
  async function relay(server: DemoServer, body: unknown) {
    const response = await fetch(`${server.url}/api/relay/favorite`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return {
      status: response.status,
      retryAfter: response.headers.get('retry-after'),
      body: (await response.json()) as Record<string, unknown>,
    };
  }
  const relayerTxCount = () => provider.getTransactionCount(RELAYER);

  it('submits a listener-signed favorite from its own account: the listener holds and pays nothing', async () => {
    const server = await demo();
    const config = await (await fetch(`${server.url}/api/relay/config`)).json();
    expect(config).toMatchObject({
      chainId: 31337,
      contract: where.contract,
      relayer: RELAYER,
      rpcUrl: chain.url,
    });
    const listener = Wallet.createRandom();
    const nonce = await (await fetch(`${server.url}/api/relay/nonce/${listener.address}`)).json();
    expect(nonce).toEqual({ nonce: '0' });

    const answer = await relay(server, await signedBody(listener, 'L2pWz'));
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ listener: listener.address, trackId: 'L2pWz', nonce: '0' });
    const txHash = String(answer.body.txHash);
    expect(txHash).toMatch(/^0x[0-9a-f]{64}$/);
    const receipt = await provider.waitForTransaction(txHash);
    expect(receipt?.status).toBe(1);
    expect(receipt?.from).toBe(RELAYER);
    expect(await favorites.getFunction('favoriteCount')('L2pWz')).toBe(1n);
    expect(await favorites.getFunction('isFavorite')(listener.address, 'L2pWz')).toBe(true);
    expect(await provider.getBalance(listener.address)).toBe(0n);
  });

  it('never submits one favorite twice: a replay, or two copies at once, cost one transaction', async () => {
    const server = await demo();
    const listener = Wallet.createRandom();
    const body = await signedBody(listener, 'D7Kq1');
    const before = await relayerTxCount();
    const [a, b] = await Promise.all([relay(server, body), relay(server, body)]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect([a.body.code, b.body.code]).toContain('RELAY_DUPLICATE');
    const replay = await relay(server, body);
    expect(replay).toMatchObject({ status: 409, body: { code: 'RELAY_DUPLICATE' } });
    expect(await relayerTxCount()).toBe(before + 1);

    // Another relayer instance has no memory of it: the chain's nonce refuses the replay.
    const other = await demo();
    const elsewhere = await relay(other, body);
    expect(elsewhere.body).toMatchObject({ code: 'RELAY_WRONG_NONCE', expected: '1' });
    expect(await relayerTxCount()).toBe(before + 1);
  });

  it('refuses a signature for another chain, contract or type layout', async () => {
    const server = await demo();
    const listener = Wallet.createRandom();
    const mainnet = await signedBody(listener, 'X9aRe', {}, listener, { ...where, chainId: 1 });
    expect((await relay(server, mainnet)).body).toMatchObject({ code: 'RELAY_WRONG_DOMAIN' });
    const otherContract = { ...where, contract: Wallet.createRandom().address };
    const elsewhere = await signedBody(listener, 'X9aRe', {}, listener, otherContract);
    const answer = await relay(server, elsewhere);
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatch(/contract/);
    const body = await signedBody(listener, 'X9aRe');
    const types = (body.typedData as { types: Record<string, unknown> }).types;
    const extraField = {
      ...body,
      typedData: {
        ...body.typedData,
        types: {
          ...types,
          Favorite: [...FAVORITE_TYPES.Favorite!, { name: 'tip', type: 'uint256' }],
        },
      },
    };
    expect((await relay(server, extraField)).body).toMatchObject({ code: 'RELAY_WRONG_DOMAIN' });
  });

  it('refuses a passed deadline and one too far ahead', async () => {
    const server = await demo({ maxDeadlineSeconds: 3600 });
    const listener = Wallet.createRandom();
    const now = Math.floor(Date.now() / 1000);
    const late = await signedBody(listener, 'X9aRe', { deadline: String(now - 1) });
    expect((await relay(server, late)).body).toMatchObject({
      code: 'RELAY_BAD_DEADLINE',
      error: 'the deadline has passed',
    });
    const forever = await signedBody(listener, 'X9aRe', { deadline: String(now + 86_400 * 365) });
    expect((await relay(server, forever)).body).toMatchObject({ code: 'RELAY_BAD_DEADLINE' });
  });

  it('refuses a favorite signed by someone other than the listener, and a swapped track', async () => {
    const server = await demo();
    const listener = Wallet.createRandom();
    const forged = await signedBody(listener, 'X9aRe', {}, Wallet.createRandom());
    expect(await relay(server, forged)).toMatchObject({
      status: 401,
      body: { code: 'RELAY_BAD_SIGNATURE' },
    });
    const genuine = await signedBody(listener, 'X9aRe');
    const typed = genuine.typedData as { message: FavoriteMessage };
    const swapped = {
      ...genuine,
      typedData: { ...genuine.typedData, message: { ...typed.message, trackId: 'L2pWz' } },
    };
    expect((await relay(server, swapped)).body).toMatchObject({ code: 'RELAY_BAD_SIGNATURE' });
  });

  it('refuses a nonce that is not next, and a favorite the contract would refuse, sending nothing', async () => {
    const server = await demo();
    const listener = Wallet.createRandom();
    const before = await relayerTxCount();
    const ahead = await signedBody(listener, 'X9aRe', { nonce: '5' });
    expect(await relay(server, ahead)).toMatchObject({
      status: 409,
      body: { code: 'RELAY_WRONG_NONCE', expected: '0' },
    });
    expect((await relay(server, await signedBody(listener, 'AB1'))).status).toBe(200);
    const again = await relay(server, await signedBody(listener, 'AB1'));
    expect(again).toMatchObject({
      status: 409,
      body: { code: 'RELAY_REJECTED_ON_CHAIN', reason: 'AlreadyFavorite' },
    });
    expect(await relayerTxCount()).toBe(before + 1);
  });

  it('keeps a per-listener and a per-address budget, and says when to come back', async () => {
    const server = await demo({
      perListener: { limit: 2, windowSeconds: 86_400 },
      perClientAddress: { limit: 4, windowSeconds: 86_400 },
    });
    const ann = Wallet.createRandom();
    expect((await relay(server, await signedBody(ann, 'B1'))).status).toBe(200);
    expect((await relay(server, await signedBody(ann, 'B2'))).status).toBe(200);
    const third = await relay(server, await signedBody(ann, 'B3'));
    expect(third).toMatchObject({ status: 429, body: { code: 'RELAY_LISTENER_BUDGET' } });
    expect(Number(third.retryAfter)).toBeGreaterThanOrEqual(1);
    // Another listener from the same address: the address has one request left.
    expect((await relay(server, await signedBody(Wallet.createRandom(), 'B1'))).status).toBe(200);
    const fifth = await relay(server, await signedBody(Wallet.createRandom(), 'B1'));
    expect(fifth).toMatchObject({ status: 429, body: { code: 'RELAY_ADDRESS_BUDGET' } });
  });

  it('lets no one but the listener spend the listener budget', async () => {
    const server = await demo({ perListener: { limit: 1, windowSeconds: 86_400 } });
    const victim = Wallet.createRandom();
    const attacker = Wallet.createRandom();
    for (let i = 0; i < 3; i++) {
      const forged = await signedBody(victim, `C${i}`, {}, attacker);
      expect((await relay(server, forged)).body).toMatchObject({ code: 'RELAY_BAD_SIGNATURE' });
    }
    expect((await relay(server, await signedBody(victim, 'C0'))).status).toBe(200);
  });

  it('names the faulty field of a malformed body, and answers 503 when no relayer runs', async () => {
    const server = await demo();
    const body = await signedBody(Wallet.createRandom(), 'X9aRe');
    const answer = await relay(server, { ...body, signature: '0x12' });
    expect(answer).toMatchObject({ status: 400, body: { code: 'RELAY_BAD_REQUEST' } });
    expect(answer.body.error).toMatch(/^signature:/);
    const huge = await relay(server, { ...body, padding: 'x'.repeat(100_000) });
    expect(huge).toMatchObject({ status: 413, body: { code: 'RELAY_BAD_REQUEST' } });
    const plain = await startDemo({ port: 0, catalogHostListUrl: NO_CATALOG });
    demos.push(plain);
    expect(await relay(plain, body)).toMatchObject({
      status: 503,
      body: { code: 'RELAY_NOT_CONFIGURED' },
    });
  });

  describe('when the site requires a wallet the catalog knows', () => {
    let catalog: DevCatalog;
    beforeAll(async () => {
      catalog = await startDevCatalog({ port: 0, hosts: 1, seed: 1, users: 5 });
    });
    afterAll(() => catalog?.close());

    it('relays for a catalog listener and refuses an unknown wallet', async () => {
      const server = await demo({ requireCatalogWallet: true }, catalog.hostListUrl);
      const stranger = Wallet.createRandom();
      expect(await relay(server, await signedBody(stranger, 'X9aRe'))).toMatchObject({
        status: 403,
        body: { code: 'RELAY_UNKNOWN_WALLET' },
      });
      const member = new Wallet(devUserPrivateKey(1, 0));
      expect((await relay(server, await signedBody(member, 'X9aRe'))).status).toBe(200);
    });
  });

  it('will not start against an address that holds no Favorites contract', async () => {
    await expect(
      startDemo({
        port: 0,
        catalogHostListUrl: NO_CATALOG,
        relay: { ...relayConfig(), favoritesAddress: Wallet.createRandom().address },
      }),
    ).rejects.toThrow(/FAVORITES_ADDRESS: no Favorites contract/);
  });
});

describe('relayer configuration', () => {
  it('offers pages only a loopback RPC URL unless CHAIN_PUBLIC_RPC_URL names one', () => {
    const env = { RELAYER_KEY, FAVORITES_ADDRESS: `0x${'11'.repeat(20)}` };
    const local = relayConfigFromEnv({ ...env, CHAIN_RPC_URL: 'http://127.0.0.1:8545' });
    expect(local?.publicRpcUrl).toBe('http://127.0.0.1:8545');
    // A provider URL often carries its key in the path: never shown to pages by default.
    const hosted = relayConfigFromEnv({ ...env, CHAIN_RPC_URL: 'https://rpc.example/v1/KEY' });
    expect(hosted?.publicRpcUrl).toBeNull();
    const named = relayConfigFromEnv({
      ...env,
      CHAIN_RPC_URL: 'https://rpc.example/v1/KEY',
      CHAIN_PUBLIC_RPC_URL: 'https://public.example',
    });
    expect(named?.publicRpcUrl).toBe('https://public.example');
  });

  it('is off with none of its variables, and refuses half a configuration or a bad value', () => {
    expect(relayConfigFromEnv({})).toBeNull();
    expect(() => relayConfigFromEnv({ CHAIN_RPC_URL: 'http://127.0.0.1:8545' })).toThrow(
      /RELAYER_KEY and FAVORITES_ADDRESS/,
    );
    expect(() =>
      relayConfigFromEnv({
        CHAIN_RPC_URL: 'http://127.0.0.1:8545',
        RELAYER_KEY: '0x1234',
        FAVORITES_ADDRESS: `0x${'11'.repeat(20)}`,
      }),
    ).toThrow(/RELAYER_KEY: must be 0x followed by 64 hex digits/);
  });
});
