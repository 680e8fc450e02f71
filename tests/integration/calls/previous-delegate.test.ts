// A listener whose address still runs the delegate an earlier build pinned (before it accepted
// spend permissions) moves to the pinned one through the approval window: the wallet's next atomic
// batch, paid by the listener or by a sponsor, carries the upgrade and names the contract it
// replaces; after it the address runs the pinned code. Nothing the wallet signs is for the previous
// delegate: every authorization names the pinned one, and no batch is signed to run under the old
// code.
import {
  type CallsSigner,
  createSponsorClient,
  DelegateNotPinnedError,
  prepareUpgrade,
  readCallsStatus,
  signBatch,
  signUpgrade,
} from '@encore-wallet/calls';
import { type RunningServer, startServer } from '@encore-wallet/server';
import {
  type AuthorizationRequest,
  type BaseWallet,
  Interface,
  JsonRpcProvider,
  keccak256,
  Transaction,
  type TransactionRequest,
  type TypedDataDomain,
  type TypedDataField,
  toUtf8Bytes,
  Wallet,
} from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_FUNDED_KEY } from '../../../chain/index.ts';
import type { OwnCallsApproval } from '../../../lib/extension/approvals/index.ts';
import {
  atomicCallsParams,
  ownCallsServices,
  settledCallsStatus,
} from '../../support/own-calls-service.ts';
import {
  delegateTo,
  deployPreviousDelegate,
  PREVIOUS_DELEGATE_CODE_HASH,
  type PreviousDelegate,
} from '../../support/previous-delegate.ts';
import {
  batchFor,
  fanActionsAbi,
  fanCall,
  type SponsoredChain,
  sponsorOptions,
  startSponsoredChain,
} from '../../support/sponsored-chain.ts';

const SITE = 'http://127.0.0.1:8800';
const ERC1271 = new Interface([
  'function isValidSignature(bytes32 hash, bytes signature) view returns (bytes4)',
]);
const ERC1271_MAGIC = '0x1626ba7e';

/** What the wallet signed with the listener's key, in order. */
type Signed =
  | { kind: 'authorization'; delegate: string }
  | { kind: 'transaction'; type: number | null; authorizations: string[] }
  | { kind: 'typed-data' };

/** The listener's key, keeping a record of everything signed with it. */
function recordingSigner(key: string): { signer: CallsSigner; signed: Signed[] } {
  const signed: Signed[] = [];
  const wallet = new Wallet(key);
  const signer: CallsSigner = {
    address: wallet.address,
    authorizeSync(request: AuthorizationRequest) {
      signed.push({ kind: 'authorization', delegate: String(request.address) });
      return wallet.authorizeSync(request);
    },
    async signTypedData(
      domain: TypedDataDomain,
      types: Record<string, TypedDataField[]>,
      value: Record<string, unknown>,
    ) {
      signed.push({ kind: 'typed-data' });
      return wallet.signTypedData(domain, types, value);
    },
    async signTransaction(tx: TransactionRequest) {
      const raw = await wallet.signTransaction(tx);
      const parsed = Transaction.from(raw);
      signed.push({
        kind: 'transaction',
        type: parsed.type,
        authorizations: (parsed.authorizationList ?? []).map((auth) => auth.address),
      });
      return raw;
    },
  };
  return { signer, signed };
}

describe('a listener on the previous delegate', () => {
  let sc: SponsoredChain;
  let previous: PreviousDelegate;
  let server: RunningServer;
  let provider: JsonRpcProvider;

  beforeAll(async () => {
    sc = await startSponsoredChain();
    previous = await deployPreviousDelegate(sc);
    server = await startServer({ databaseUrl: 'sqlite::memory:', sponsor: sponsorOptions(sc) });
    provider = new JsonRpcProvider(sc.chain.url, undefined, {
      staticNetwork: true,
      cacheTimeout: -1,
    });
  }, 120_000);
  afterAll(async () => {
    provider?.destroy();
    await server?.close();
    await sc?.chain.stop();
  });

  const designator = (delegate: string) => `0xef0100${delegate.slice(2).toLowerCase()}`;

  /** A listener whose address runs the previous delegate, as the earlier build left it. */
  async function listenerOnPrevious(eth: bigint): Promise<Wallet> {
    const listener = Wallet.createRandom() as unknown as Wallet;
    if (eth > 0n) {
      const payer = new Wallet(LOCAL_FUNDED_KEY, provider);
      const nonce = await provider.getTransactionCount(payer.address, 'pending');
      await (await payer.sendTransaction({ to: listener.address, value: eth, nonce })).wait();
    }
    await delegateTo(sc, listener, previous.address);
    expect(await provider.getCode(listener.address)).toBe(designator(previous.address));
    return listener;
  }

  /** Whether the address answers ERC-1271 for its own key: the pinned delegate does, the previous one has no such function. */
  async function answersErc1271(listener: BaseWallet): Promise<boolean> {
    const hash = keccak256(toUtf8Bytes('a grant the listener signed'));
    const signature = listener.signingKey.sign(hash).serialized;
    const answer = await provider
      .call({
        to: listener.address,
        data: ERC1271.encodeFunctionData('isValidSignature', [hash, signature]),
      })
      .catch(() => null);
    return answer?.slice(0, 10) === ERC1271_MAGIC;
  }

  const isFan = async (fn: 'isFavorite' | 'isFollowing', account: string, id: string) =>
    fanActionsAbi.decodeFunctionResult(
      fn,
      await provider.call({
        to: sc.contracts.fanActions,
        data: fanActionsAbi.encodeFunctionData(fn, [account, id]),
      }),
    )[0];

  it('runs the code the earlier build pinned (the same runtime code, bound to this EntryPoint)', async () => {
    expect(previous.codeHash).toBe(PREVIOUS_DELEGATE_CODE_HASH);
    expect(previous.codeHash).not.toBe(sc.contracts.delegateCodeHash);
    const listener = await listenerOnPrevious(0n);
    expect(await answersErc1271(listener)).toBe(false);
  });

  it('own funds: the next batch offers the upgrade naming the previous delegate; once approved the address runs the pinned code', async () => {
    const listener = await listenerOnPrevious(10n ** 17n);
    const { signer, signed } = recordingSigner(listener.privateKey);
    const { calls } = ownCallsServices(sc, signer);

    // Not ready without the upgrade: a site reading capabilities hears so.
    const capabilities = await calls.capabilities(listener.address, [sc.chain.chainId]);
    expect(capabilities[`0x${sc.chain.chainId.toString(16)}`]?.atomic).toEqual({
      status: 'ready',
    });

    const approval = (await calls.prepare(
      SITE,
      atomicCallsParams(sc, listener.address, [fanCall(sc, 'favorite', 'P1')]),
      listener.address,
    )) as OwnCallsApproval;
    expect(approval.upgrade).toEqual({
      delegate: sc.contracts.delegate,
      replaces: previous.address,
    });
    // Read as if the upgrade were in place, and nothing signed before the person approves.
    expect(approval.review.simulation).toEqual({ outcome: 'success' });
    expect(signed).toEqual([]);

    const { id } = await calls.send(SITE, approval, listener.address);
    expect(await settledCallsStatus(calls, SITE, listener.address, id)).toMatchObject({
      status: 200,
      atomic: true,
    });
    const tx = await provider.getTransaction(id);
    expect(tx?.type).toBe(4);
    expect(tx?.authorizationList?.map((auth) => auth.address)).toEqual([sc.contracts.delegate]);
    expect(await provider.getCode(listener.address)).toBe(designator(sc.contracts.delegate));
    expect(await isFan('isFavorite', listener.address, 'P1')).toBe(true);
    expect(await answersErc1271(listener)).toBe(true);
    expect(signed).toEqual([
      { kind: 'authorization', delegate: sc.contracts.delegate },
      { kind: 'transaction', type: 4, authorizations: [sc.contracts.delegate] },
    ]);

    // Moved: the batch after needs no upgrade.
    const next = (await calls.prepare(
      SITE,
      atomicCallsParams(sc, listener.address, [fanCall(sc, 'follow', 'P1-artist')]),
      listener.address,
    )) as OwnCallsApproval;
    expect(next.upgrade).toBeNull();
  });

  it('sponsored: the batch carries the upgrade naming the previous delegate, and the sponsor runs it on the pinned code', async () => {
    const listener = await listenerOnPrevious(0n);
    const { signer, signed } = recordingSigner(listener.privateKey);
    const account = listener.address as `0x${string}`;
    const upgrade = await prepareUpgrade({
      rpc: sc.rpc,
      table: sc.table,
      chainId: sc.chain.chainId,
      account,
      sentBy: 'sponsor',
    });
    expect(upgrade).toMatchObject({ delegate: sc.contracts.delegate, replaces: previous.address });
    if (!upgrade) throw new Error('no upgrade');

    const sponsor = createSponsorClient({ url: `${server.url}/sponsor` });
    const draft = await batchFor(sc, listener, [fanCall(sc, 'favorite', 'P2')], 600, {
      callGasLimit: 0n,
      verificationGasLimit: 0n,
      preVerificationGas: 0n,
    });
    const gas = await sponsor.estimate(draft, upgrade);
    const batch = await batchFor(sc, listener, [fanCall(sc, 'favorite', 'P2')], 600, gas);
    const authorization = signUpgrade(signer, sc.table, upgrade);
    const signature = await signBatch(signer, sc.table, batch);
    const userOpHash = await sponsor.send(batch, signature, authorization);
    expect(signed).toEqual([
      { kind: 'authorization', delegate: sc.contracts.delegate },
      { kind: 'typed-data' },
    ]);

    const sent = {
      kind: 'sponsored' as const,
      id: userOpHash,
      chainId: sc.chain.chainId,
      entryPoint: sc.contracts.entryPoint,
      userOpHash,
      fromBlock: 0n,
      deadline: batch.deadline,
    };
    let status = await readCallsStatus(sc.rpc, sent);
    for (let i = 0; i < 50 && status.status === 100; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      status = await readCallsStatus(sc.rpc, sent);
    }
    expect(status.status).toBe(200);
    expect(await provider.getCode(listener.address)).toBe(designator(sc.contracts.delegate));
    expect(await isFan('isFavorite', listener.address, 'P2')).toBe(true);
    expect(await answersErc1271(listener)).toBe(true);
    expect(await provider.getBalance(listener.address)).toBe(0n);
  });

  it('attack: an upgrade or batch pointed back at the previous delegate is signed for nothing', async () => {
    const listener = await listenerOnPrevious(0n);
    const { signer, signed } = recordingSigner(listener.privateKey);
    const upgrade = await prepareUpgrade({
      rpc: sc.rpc,
      table: sc.table,
      chainId: sc.chain.chainId,
      account: listener.address as `0x${string}`,
      sentBy: 'sponsor',
    });
    if (!upgrade) throw new Error('no upgrade');
    expect(() => signUpgrade(signer, sc.table, { ...upgrade, delegate: previous.address })).toThrow(
      DelegateNotPinnedError,
    );
    const batch = await batchFor(sc, listener, [fanCall(sc, 'favorite', 'P3')]);
    await expect(
      signBatch(signer, sc.table, { ...batch, delegate: previous.address }),
    ).rejects.toBeInstanceOf(DelegateNotPinnedError);
    expect(signed).toEqual([]);
    expect(await provider.getCode(listener.address)).toBe(designator(previous.address));
  });
});
