// Every signature Encore's account contract or the EntryPoint accepts, asked for through the
// signing methods a connected site has (personal_sign, eth_sign, eth_signTypedData_v4), the key
// being the listener's, on the real local chain: none of them yields one the chain accepts. The
// genuine signatures made by @encore-wallet/calls pass the same checks, so each refusal is the chain's.
// ERC-1271 accepts the key's signature over any hash, as `ecrecover` on the address would: what
// matters is that no method signs a hash that moves funds (a user operation here, a delegation in
// tests/integration/permissions/).

import {
  type CallBatch,
  encodeHandleOps,
  packUserOperation,
  prepareUpgrade,
  signBatch,
  toEthersAuthorization,
  USER_OPERATION_TYPES,
  userOperationHash,
  userOperationTypedData,
} from '@encore-wallet/calls';
import { hashAuthorization, JsonRpcProvider, Signature, Wallet } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_SPONSOR_KEY } from '../../../chain/index.ts';
import type { ProviderRpcError } from '../../../lib/extension/protocol/index.ts';
import { runRpcRequest } from '../../../lib/extension/rpc/index.ts';
import {
  batchFor,
  fanCall,
  rawRpc,
  revertOf,
  type SponsoredChain,
  startSponsoredChain,
  upgradeDirectly,
} from '../../support/sponsored-chain.ts';
import { type FakeWorld, fakeWorld } from '../../unit/provider/support/fake-deps.ts';

const SITE = 'https://hostile.example';
const ERC1271_MAGIC = '0x1626ba7e';

const DOMAIN_TYPE = [
  { name: 'name', type: 'string' },
  { name: 'version', type: 'string' },
  { name: 'chainId', type: 'uint256' },
  { name: 'verifyingContract', type: 'address' },
];

/** JSON as a page sends it: bigints as decimal strings. */
const asJson = (value: unknown): unknown =>
  JSON.parse(JSON.stringify(value, (_key, v) => (typeof v === 'bigint' ? v.toString() : v)));

describe("no signing method yields a signature the listener's account contract accepts", () => {
  let sc: SponsoredChain;
  let provider: JsonRpcProvider;
  let sponsor: Wallet;

  beforeAll(async () => {
    sc = await startSponsoredChain();
    provider = new JsonRpcProvider(sc.chain.url, undefined, {
      staticNetwork: true,
      cacheTimeout: -1,
    });
    sponsor = new Wallet(LOCAL_SPONSOR_KEY, provider);
  }, 120_000);
  afterAll(async () => {
    provider?.destroy();
    await sc?.chain.stop();
  });

  /** A connected hostile site, with `listener` logged in and the build's delegate table. */
  function worldOf(listener: Wallet): FakeWorld {
    const world = fakeWorld();
    world.wallet = listener;
    world.delegates = sc.table;
    world.chainId = sc.chain.chainId;
    world.connected.set(SITE, 1);
    return world;
  }

  const ask = (world: FakeWorld, method: string, params: unknown[]) =>
    runRpcRequest(world.ctx(SITE), { method, params });

  const refusal = (request: Promise<unknown>) =>
    request.then(
      () => {
        throw new Error('expected a refusal');
      },
      (error: ProviderRpcError) => error,
    );

  /** How the EntryPoint answers handleOps([batch signed with `signature`]); null if it runs. */
  const handleOps = (batch: CallBatch, signature: string) =>
    revertOf(sc.chain.url, {
      from: sponsor.address,
      to: sc.contracts.entryPoint,
      data: encodeHandleOps(
        packUserOperation(batch, signature as `0x${string}`),
        sponsor.address as `0x${string}`,
      ),
    });

  it('a user operation: its typed data is refused, personal_sign and other typed data give AA24, eth_sign is unsupported', async () => {
    const listener = new Wallet(Wallet.createRandom().privateKey);
    await upgradeDirectly(sc, listener);
    const world = worldOf(listener);
    const batch = await batchFor(sc, listener, [fanCall(sc, 'favorite', 'drain')]);
    const typed = userOperationTypedData(batch);
    const userOpHash = userOperationHash(batch);

    // The genuine signature (what wallet_sendCalls makes after its window) runs: the test is live.
    expect(await handleOps(batch, await signBatch(listener, sc.table, batch))).toBeNull();
    const next = await batchFor(sc, listener, [fanCall(sc, 'favorite', 'drain-2')]);
    const nextTyped = userOperationTypedData(next);

    // eth_signTypedData_v4 of exactly that typed data: refused, no window.
    const asked = {
      types: { EIP712Domain: DOMAIN_TYPE, ...USER_OPERATION_TYPES },
      primaryType: nextTyped.primaryType,
      domain: nextTyped.domain,
      message: nextTyped.message,
    };
    const refused = await refusal(
      ask(world, 'eth_signTypedData_v4', [listener.address, asJson(asked)]),
    );
    expect(refused.code).toBe(-32602);
    expect(world.asked).toEqual([]);

    // personal_sign of the userOpHash (32 bytes, or its hex as text): the EIP-191 prefix makes
    // another digest, which the account refuses.
    for (const message of [userOperationHash(next), `UserOp ${userOperationHash(next)}`]) {
      const signature = (await ask(world, 'personal_sign', [message, listener.address])) as string;
      expect(await handleOps(next, signature)).toBe('FailedOp: AA24 signature error');
    }

    // Typed data the check lets through (the fields renamed, another verifier): another digest.
    const renamed = {
      types: {
        EIP712Domain: DOMAIN_TYPE,
        Operation: USER_OPERATION_TYPES.PackedUserOperation.map((field) =>
          field.name === 'sender' ? { ...field, name: 'account' } : field,
        ),
      },
      primaryType: 'Operation',
      domain: { ...typed.domain, verifyingContract: sponsor.address },
      message: (({ sender, ...rest }) => ({ account: sender, ...rest }))(nextTyped.message),
    };
    const signature = (await ask(world, 'eth_signTypedData_v4', [
      listener.address,
      asJson(renamed),
    ])) as string;
    expect(await handleOps(next, signature)).toBe('FailedOp: AA24 signature error');

    // eth_sign (a raw hash): not offered.
    const ethSign = await refusal(ask(world, 'eth_sign', [listener.address, userOpHash]));
    expect(ethSign.code).toBe(4200);
  });

  it('ERC-1271: only the key’s own signature over the very hash passes; personal_sign of it and other keys do not', async () => {
    const listener = new Wallet(Wallet.createRandom().privateKey);
    await upgradeDirectly(sc, listener);
    const batch = await batchFor(sc, listener, [fanCall(sc, 'favorite', 'x')]);
    const hash = userOperationHash(batch);
    const genuine = await signBatch(listener, sc.table, batch);
    const world = worldOf(listener);
    const personal = (await ask(world, 'personal_sign', [hash, listener.address])) as string;
    const stranger = Wallet.createRandom().signingKey.sign(hash).serialized;
    const accepts = async (signature: string) => {
      const data = `0x1626ba7e${hash.slice(2)}${'40'.padStart(64, '0')}${'41'.padStart(64, '0')}${signature.slice(2)}${'00'.repeat(31)}`;
      const answer = await rawRpc(sc.chain.url, 'eth_call', [
        { to: listener.address, data },
        'latest',
      ]);
      return 'result' in answer && String(answer.result).startsWith(ERC1271_MAGIC);
    };
    // personal_sign signs the EIP-191 digest of the hash, another hash; a stranger's key is not the address.
    expect(await accepts(personal)).toBe(false);
    expect(await accepts(stranger)).toBe(false);
    // The address's key over that exact hash (what the DelegationManager asks of a delegation).
    expect(await accepts(genuine)).toBe(true);
  });

  it('EIP-7702: an authorization signed through personal_sign never delegates the account', async () => {
    const listener = new Wallet(Wallet.createRandom().privateKey);
    const world = worldOf(listener);
    const upgrade = await prepareUpgrade({
      rpc: sc.rpc,
      table: sc.table,
      chainId: sc.chain.chainId,
      account: listener.address as `0x${string}`,
      sentBy: 'sponsor',
    });
    if (!upgrade) throw new Error('a new account needs the upgrade');
    const hash = hashAuthorization({
      address: upgrade.delegate,
      nonce: upgrade.nonce,
      chainId: sc.chain.chainId,
    });
    const signature = Signature.from(
      (await ask(world, 'personal_sign', [hash, listener.address])) as string,
    );
    const forged = toEthersAuthorization({
      chainId: `0x${sc.chain.chainId.toString(16)}`,
      address: upgrade.delegate,
      nonce: `0x${upgrade.nonce.toString(16)}`,
      yParity: `0x${signature.yParity.toString(16)}`,
      r: signature.r as `0x${string}`,
      s: signature.s as `0x${string}`,
    });
    const sent = await sponsor.sendTransaction({
      type: 4,
      to: sponsor.address,
      authorizationList: [forged],
      gasLimit: 100_000n,
    });
    await sent.wait();
    expect(await provider.getCode(listener.address)).toBe('0x');
    // The genuine authorization (signUpgrade, after wallet_sendCalls' window) does delegate.
    await upgradeDirectly(sc, listener);
    expect(await provider.getCode(listener.address)).toBe(
      `0xef0100${upgrade.delegate.slice(2).toLowerCase()}`,
    );
  });
});
