// The whole sponsored flow without the extension, as the wallet will run it: a listener key that
// was never funded, @encore-wallet/calls for everything the wallet does (the upgrade, the estimate, the
// canonical batch, the signatures, the hand-over, the status), the backend's sponsor service on a
// real chain. The calls run with msg.sender = the listener, its balance stays 0, the sponsor's
// account sends and pays, and the status read from the chain reaches 200.

import {
  buildCallBatch,
  type Call,
  type CallsStatus,
  createSponsorClient,
  parseCalls,
  prepareUpgrade,
  readBatchSequence,
  readCallsStatus,
  type SentCalls,
  SponsorRefusedError,
  signBatch,
  signUpgrade,
} from '@encore-wallet/calls';
import { type RunningServer, startServer } from '@encore-wallet/server';
import { readLatestBlock } from '@encore-wallet/utils/chain-rpc';
import { type BaseWallet, JsonRpcProvider, Wallet } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_SPONSOR_KEY } from '../../../chain/index.ts';
import {
  fanActionsAbi,
  fanCall,
  type SponsoredChain,
  sponsorOptions,
  startSponsoredChain,
} from '../../support/sponsored-chain.ts';

const fanAbi = fanActionsAbi;

describe('a sponsored batch from a listener who never held anything', () => {
  let sc: SponsoredChain;
  let server: RunningServer;
  let provider: JsonRpcProvider;

  beforeAll(async () => {
    sc = await startSponsoredChain();
    server = await startServer({
      databaseUrl: 'sqlite::memory:',
      sponsor: sponsorOptions(sc, { perListenerPerDay: 10, perClientPerDay: 10, perDay: 100 }),
    });
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

  /** What the wallet does for one wallet_sendCalls with a sponsor, after the person approved. */
  async function sendSponsored(listener: BaseWallet, calls: Call[]): Promise<SentCalls> {
    const account = listener.address as `0x${string}`;
    const sponsor = createSponsorClient({ url: `${server.url}/sponsor` });
    const latest = await readLatestBlock(sc.rpc);
    const deadline = Number(latest.timestamp) + 600;
    const sequence = await readBatchSequence(sc.rpc, sc.contracts.entryPoint, account, deadline);
    const upgrade = await prepareUpgrade({
      rpc: sc.rpc,
      table: sc.table,
      chainId: sc.chain.chainId,
      account,
      sentBy: 'sponsor',
    });
    const common = {
      table: sc.table,
      chainId: sc.chain.chainId,
      account,
      calls,
      deadline,
      sequence,
    };
    const draft = buildCallBatch({
      ...common,
      gas: { callGasLimit: 0n, verificationGasLimit: 0n, preVerificationGas: 0n },
    });
    // Before the person is asked: will the sponsor pay, and how much gas may the batch use?
    const gas = await sponsor.estimate(draft, upgrade);
    const batch = buildCallBatch({ ...common, gas });
    // The approval window shows `batch` (and `upgrade`); these sign exactly them.
    const authorization = upgrade && signUpgrade(listener, sc.table, upgrade);
    const signature = await signBatch(listener, sc.table, batch);
    const userOpHash = await sponsor.send(batch, signature, authorization);
    return {
      kind: 'sponsored',
      id: userOpHash,
      chainId: sc.chain.chainId,
      entryPoint: sc.contracts.entryPoint,
      userOpHash,
      fromBlock: latest.number,
      deadline,
    };
  }

  async function settled(sent: SentCalls): Promise<CallsStatus> {
    for (let i = 0; i < 100; i++) {
      const status = await readCallsStatus(sc.rpc, sent);
      if (status.status !== 100) return status;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return readCallsStatus(sc.rpc, sent);
  }

  const favorite = (track: string) => fanCall(sc, 'favorite', track);
  const follow = (artist: string) => fanCall(sc, 'follow', artist);

  it('runs both calls as the listener, in one transaction the sponsor sends and pays for', async () => {
    const listener = Wallet.createRandom();
    expect(await provider.getTransactionCount(listener.address)).toBe(0);
    expect(await provider.getBalance(listener.address)).toBe(0n);

    const sent = await sendSponsored(listener, parseCalls([favorite('L2pWz'), follow('avashah')]));
    const status = await settled(sent);
    expect(status).toMatchObject({
      version: '2.0.0',
      status: 200,
      atomic: true,
      chainId: '0x7a69',
    });

    const [receipt] = status.receipts;
    const events = (receipt?.logs ?? []).map((log) =>
      fanAbi.parseLog({ topics: [...log.topics], data: log.data }),
    );
    expect(events.map((event) => [event?.name, event?.args.listener])).toEqual([
      ['Favorited', listener.address],
      ['Followed', listener.address],
    ]);
    const tx = await provider.getTransaction(receipt!.transactionHash);
    expect(tx?.from).toBe(new Wallet(LOCAL_SPONSOR_KEY).address);
    expect(await provider.getBalance(listener.address)).toBe(0n);
    expect(await provider.getCode(listener.address)).toBe(
      `0xef0100${sc.contracts.delegate.slice(2).toLowerCase()}`,
    );

    // The next batch needs no upgrade, and is paid for the same way.
    const next = await settled(await sendSponsored(listener, parseCalls([favorite('D7Kq1')])));
    expect(next.status).toBe(200);
    expect(await provider.getBalance(listener.address)).toBe(0n);
  });

  it('hears a refusal before anything is signed, with the sponsor’s reason', async () => {
    const listener = Wallet.createRandom();
    const notPaidFor = parseCalls([
      { to: sc.contracts.entryPoint, data: fanAbi.encodeFunctionData('favorite', ['x']) },
    ]);
    const error = await sendSponsored(listener, notPaidFor).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SponsorRefusedError);
    expect((error as SponsorRefusedError).reason).toBe('SPONSOR_CALL_NOT_ALLOWED');
    expect(await provider.getCode(listener.address)).toBe('0x');
  });
});
