import { type BaseWallet, Contract, JsonRpcProvider, Signature, Wallet } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  deployDemoContracts,
  LOCAL_FUNDED_KEY,
  type LocalChain,
  startLocalChain,
} from '../../../chain/index.ts';
import {
  FAVORITE_DOMAIN_NAME,
  FAVORITE_DOMAIN_VERSION,
  FAVORITE_TYPES,
  FAVORITES_ABI,
  type FavoriteMessage,
  favoriteDomain,
} from '../../../demo/shared/favorite.ts';
import { freePort } from '../../support/free-port.ts';

// Hardhat's second default account: submits favorites as a relayer would (public, local only).
const SUBMITTER_KEY = '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d';
const SECP256K1_ORDER = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;

describe('the Favorites contract on the local chain', () => {
  let chain: LocalChain;
  let provider: JsonRpcProvider;
  let favorites: Contract;
  let address: string;

  beforeAll(async () => {
    chain = await startLocalChain({ port: await freePort() });
    ({ favorites: address } = await deployDemoContracts(chain.url, LOCAL_FUNDED_KEY));
    provider = new JsonRpcProvider(chain.url, undefined, {
      staticNetwork: true,
      cacheTimeout: -1,
    });
    favorites = new Contract(address, FAVORITES_ABI, new Wallet(SUBMITTER_KEY, provider));
  }, 90_000);
  afterAll(async () => {
    provider?.destroy();
    await chain?.stop();
  });

  const domain = () => favoriteDomain({ chainId: 31337, contract: address });
  async function blockTime(): Promise<number> {
    return (await provider.getBlock('latest'))?.timestamp ?? 0;
  }
  async function signed(
    listener: BaseWallet,
    trackId: string,
    overrides: Partial<FavoriteMessage> = {},
  ) {
    const message: FavoriteMessage = {
      listener: listener.address,
      trackId,
      nonce: String(await favorites.getFunction('nonces')(listener.address)),
      deadline: String((await blockTime()) + 600),
      ...overrides,
    };
    return { message, signature: await listener.signTypedData(domain(), FAVORITE_TYPES, message) };
  }
  const submit = ({ message, signature }: { message: FavoriteMessage; signature: string }) =>
    favorites.getFunction('favorite')(
      message.listener,
      message.trackId,
      message.nonce,
      message.deadline,
      signature,
    );
  /** The contract's custom error a submission reverts with (ethers leaves it undecoded). */
  async function revertOf(submission: Promise<unknown>): Promise<string | undefined> {
    const error = await submission.then(
      () => undefined,
      (e: unknown) => e as { data?: string },
    );
    if (!error?.data) return undefined;
    return favorites.interface.parseError(error.data)?.name;
  }
  const count = async (trackId: string): Promise<bigint> =>
    favorites.getFunction('favoriteCount')(trackId);

  it('names the domain the demo signs under (EIP-5267)', async () => {
    const [, name, version, chainId, verifyingContract] =
      await favorites.getFunction('eip712Domain')();
    expect({ name, version, chainId, verifyingContract }).toEqual({
      name: FAVORITE_DOMAIN_NAME,
      version: FAVORITE_DOMAIN_VERSION,
      chainId: 31337n,
      verifyingContract: address,
    });
  });

  it('records a favorite for the signer, submitted by someone else who pays the fee', async () => {
    const listener = Wallet.createRandom();
    const before = await count('L2pWz');
    const receipt = await (await submit(await signed(listener, 'L2pWz'))).wait();
    expect(await count('L2pWz')).toBe(before + 1n);
    expect(await favorites.getFunction('nonces')(listener.address)).toBe(1n);
    expect(await favorites.getFunction('isFavorite')(listener.address, 'L2pWz')).toBe(true);
    const event = favorites.interface.parseLog(receipt.logs[0]);
    expect(event?.name).toBe('Favorited');
    expect(event?.args.listener).toBe(listener.address);
    expect(event?.args.trackId).toBe('L2pWz');
    expect(event?.args.submitter).toBe(new Wallet(SUBMITTER_KEY).address);
    // The listener never held funds and paid nothing.
    expect(await provider.getBalance(listener.address)).toBe(0n);
  });

  it('refuses a replayed signature: its nonce is spent', async () => {
    const listener = Wallet.createRandom();
    const favorite = await signed(listener, 'D7Kq1');
    await (await submit(favorite)).wait();
    expect(await revertOf(submit(favorite))).toBe('WrongNonce');
    expect(await count('D7Kq1')).toBe(1n);
  });

  it('refuses a signature past its deadline', async () => {
    const listener = Wallet.createRandom();
    const late = await signed(listener, 'X9aRe', { deadline: String((await blockTime()) - 1) });
    expect(await revertOf(submit(late))).toBe('Expired');
    expect(await favorites.getFunction('nonces')(listener.address)).toBe(0n);
  });

  it('refuses a favorite signed by someone other than the listener it names', async () => {
    const listener = Wallet.createRandom();
    const stranger = Wallet.createRandom();
    const genuine = await signed(listener, 'X9aRe');
    const forged = {
      message: genuine.message,
      signature: await stranger.signTypedData(domain(), FAVORITE_TYPES, genuine.message),
    };
    expect(await revertOf(submit(forged))).toBe('NotListener');
    // Nor does a signature over one track favorite another.
    expect(
      await revertOf(submit({ ...genuine, message: { ...genuine.message, trackId: 'L2pWz' } })),
    ).toBe('NotListener');
  });

  it('refuses the malleable twin of a valid signature and a favorite twice over', async () => {
    const listener = Wallet.createRandom();
    const genuine = await signed(listener, 'Q1');
    const sig = Signature.from(genuine.signature);
    const twinS = SECP256K1_ORDER - BigInt(sig.s);
    const twin = `0x${sig.r.slice(2)}${twinS.toString(16).padStart(64, '0')}${(sig.v === 27 ? 28 : 27).toString(16)}`;
    expect(await revertOf(submit({ ...genuine, signature: twin }))).toBe('BadSignature');
    await (await submit(genuine)).wait();
    expect(await revertOf(submit(await signed(listener, 'Q1')))).toBe('AlreadyFavorite');
  });

  it('refuses a signature made for another deployment of the contract', async () => {
    const listener = Wallet.createRandom();
    const message = (await signed(listener, 'Z0')).message;
    const elsewhere = await listener.signTypedData(
      favoriteDomain({ chainId: 31337, contract: Wallet.createRandom().address }),
      FAVORITE_TYPES,
      message,
    );
    expect(await revertOf(submit({ message, signature: elsewhere }))).toBe('NotListener');
  });
});
