// The sponsor service (POST /sponsor) against a real local chain: what it pays for, every refusal
// (which says why and costs nothing: no transaction, no budget), and its daily budgets per
// listener, per client address and in total, held by two instances on one database while
// requests race through both, on SQLite and on PostgreSQL.

import {
  type CallBatch,
  type SignedAuthorization,
  signBatch,
  signUpgrade,
  toRpcUserOperation,
  USER_OPERATION_TYPES,
  userOperationHash,
  userOperationTypedData,
} from '@encore-wallet/calls';
import { readLatestBlock } from '@encore-wallet/utils/chain-rpc';
import { type BaseWallet, Contract, JsonRpcProvider, Wallet } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_SPONSOR_KEY } from '../../../../chain/index.ts';
import { ENGINES, type EngineHarness } from '../../../../tests/support/backend/engines.ts';
import { call } from '../../../../tests/support/backend/http.ts';
import { NO_RATE_LIMIT } from '../../../../tests/support/no-rate-limit.ts';
import {
  batchFor,
  fanActionsAbi,
  fanCall,
  type SponsoredChain,
  sponsorOptions,
  startSponsoredChain,
  upgradeDirectly,
  upgradeOf as upgradeOfListener,
} from '../../../../tests/support/sponsored-chain.ts';
import { type RunningServer, startServer } from '../../src/index.ts';
import type { SponsorOptions } from '../../src/sponsor/sponsor-config.ts';

const fanAbi = fanActionsAbi;

interface RpcAnswer {
  status: number;
  retryAfter: string | null;
  result?: unknown;
  error?: { code: number; message: string; data?: { reason: string; retryAfterSeconds?: number } };
}

async function rpc(
  server: RunningServer,
  method: string,
  params: unknown[],
  from = '10.0.0.1',
): Promise<RpcAnswer> {
  const answer = await call(`${server.url}/sponsor`, {
    method: 'POST',
    json: { jsonrpc: '2.0', id: 7, method, params },
    headers: { 'x-forwarded-for': from },
  });
  const body = answer.body as Omit<RpcAnswer, 'status' | 'retryAfter'>;
  return { status: answer.status, retryAfter: answer.headers.get('retry-after'), ...body };
}

describe('the sponsor service', () => {
  let sc: SponsoredChain;
  let provider: JsonRpcProvider;
  let sponsorAddress: string;

  beforeAll(async () => {
    sc = await startSponsoredChain();
    provider = new JsonRpcProvider(sc.chain.url, undefined, {
      staticNetwork: true,
      cacheTimeout: -1,
    });
    sponsorAddress = new Wallet(LOCAL_SPONSOR_KEY).address;
  }, 120_000);
  afterAll(async () => {
    provider?.destroy();
    await sc?.chain.stop();
  });

  const options = (overrides: Partial<SponsorOptions> = {}) => sponsorOptions(sc, overrides);
  const favorite = (track: string) => fanCall(sc, 'favorite', track);
  const follow = (artist: string) => fanCall(sc, 'follow', artist);
  const batchOf = (listener: BaseWallet, calls: unknown[], deadlineIn = 600) =>
    batchFor(sc, listener, calls, deadlineIn);
  const upgradeOf = (listener: BaseWallet) => upgradeOfListener(sc, listener);

  /** The signed operation as the wallet sends it. */
  async function signed(
    listener: BaseWallet,
    batch: CallBatch,
    authorization: SignedAuthorization | null,
  ) {
    return toRpcUserOperation(batch, await signBatch(listener, sc.table, batch), authorization);
  }

  const sent = () => provider.getTransactionCount(sponsorAddress, 'latest');

  describe.each(ENGINES.map((make) => make()))('on $name', (engine: EngineHarness) => {
    const servers: RunningServer[] = [];
    beforeAll(() => engine.start());
    afterAll(async () => {
      await Promise.all(servers.map((s) => s.close()));
      await engine.stop();
    });
    async function server(
      databaseUrl: string,
      overrides: Partial<SponsorOptions> = {},
    ): Promise<RunningServer> {
      const started = await startServer({
        databaseUrl,
        rateLimit: { ...NO_RATE_LIMIT, sponsorPerAddress: 1_000_000 },
        trustProxy: 1,
        sponsor: options(overrides),
      });
      servers.push(started);
      return started;
    }

    it('pays for an allowed batch of a listener who holds nothing: it runs as the listener, whose balance stays 0', async () => {
      const s = await server(await engine.freshDatabaseUrl());
      const listener = Wallet.createRandom();
      expect((await rpc(s, 'eth_chainId', [])).result).toBe('0x7a69');
      expect((await rpc(s, 'eth_supportedEntryPoints', [])).result).toEqual([
        sc.contracts.entryPoint,
      ]);
      const draft = await batchOf(listener, [favorite('P1'), follow('artist-P')]);
      const authorization = await upgradeOf(listener);
      const estimate = await rpc(s, 'eth_estimateUserOperationGas', [
        toRpcUserOperation(draft, `0x${'11'.repeat(65)}`, authorization),
        sc.contracts.entryPoint,
      ]);
      expect(estimate.error).toBeUndefined();
      const gas = estimate.result as Record<string, string>;
      const batch = {
        ...draft,
        gas: {
          callGasLimit: BigInt(gas.callGasLimit!),
          verificationGasLimit: BigInt(gas.verificationGasLimit!),
          preVerificationGas: BigInt(gas.preVerificationGas!),
        },
      };
      const before = await sent();
      const answer = await rpc(s, 'eth_sendUserOperation', [
        await signed(listener, batch, authorization),
        sc.contracts.entryPoint,
      ]);
      expect(answer.error).toBeUndefined();
      expect(answer.result).toBe(userOperationHash(batch));
      expect(await sent()).toBe(before + 1);
      const fan = new Contract(sc.contracts.fanActions, fanAbi, provider);
      expect(await fan.getFunction('isFavorite')(listener.address, 'P1')).toBe(true);
      expect(await fan.getFunction('isFollowing')(listener.address, 'artist-P')).toBe(true);
      expect(await provider.getBalance(listener.address)).toBe(0n);
      const receipt = await rpc(s, 'eth_getUserOperationReceipt', [answer.result]);
      expect(receipt.result).toMatchObject({
        userOpHash: answer.result,
        sender: listener.address,
        success: true,
      });
      expect((receipt.result as { logs: unknown[] }).logs).toHaveLength(2);
      expect(
        (await rpc(s, 'eth_getUserOperationReceipt', [`0x${'00'.repeat(32)}`])).result,
      ).toBeNull();
      // The same operation again answers its hash and sends nothing.
      expect(
        (
          await rpc(s, 'eth_sendUserOperation', [
            await signed(listener, batch, authorization),
            sc.contracts.entryPoint,
          ])
        ).result,
      ).toBe(answer.result);
      expect(await sent()).toBe(before + 1);
      const health = await call(`${s.url}/health`);
      expect((health.body as { sponsor: unknown }).sponsor).toMatchObject({
        sentToday: 1,
        inFlight: 0,
        sponsor: sponsorAddress,
      });
    });

    it('refuses what it does not pay for, saying why, and nothing is sent or spent', async () => {
      // One operation a day for each listener: a refusal that spent budget would leave none.
      const s = await server(await engine.freshDatabaseUrl(), { perListenerPerDay: 1 });
      const listener = Wallet.createRandom();
      const stranger = Wallet.createRandom();
      const auth = await upgradeOf(listener);
      const ok = await batchOf(listener, [favorite('R1')]);
      const before = await sent();
      const send = async (op: unknown, entryPoint: string = sc.contracts.entryPoint) =>
        rpc(s, 'eth_sendUserOperation', [op, entryPoint]);
      const reasonOf = async (answer: Promise<RpcAnswer>) => {
        const { error } = await answer;
        return `${error?.data?.reason}: ${error?.message}`;
      };

      expect(
        await reasonOf(
          send(
            await signed(
              listener,
              await batchOf(listener, [
                {
                  to: sc.contracts.fanActions,
                  data: fanAbi.encodeFunctionData('isFavorite', [listener.address, 'x']),
                },
              ]),
              auth,
            ),
          ),
        ),
      ).toMatch(
        /^SPONSOR_CALL_NOT_ALLOWED: calls\[0\]: this sponsor does not pay for 0x[0-9a-f]{8} on /,
      );
      expect(
        await reasonOf(
          send(
            await signed(
              listener,
              await batchOf(listener, [
                { to: sc.contracts.entryPoint, data: fanAbi.encodeFunctionData('favorite', ['x']) },
              ]),
              auth,
            ),
          ),
        ),
      ).toMatch(/^SPONSOR_CALL_NOT_ALLOWED/);
      expect(
        await reasonOf(
          send(
            await signed(
              listener,
              await batchOf(listener, ['a', 'b', 'c', 'd', 'e'].map(favorite)),
              auth,
            ),
          ),
        ),
      ).toBe('SPONSOR_TOO_MANY_CALLS: this sponsor pays for at most 4 calls in one operation');
      expect(
        await reasonOf(
          send(await signed(listener, await batchOf(listener, [favorite('R1')], -5), auth)),
        ),
      ).toMatch(/^SPONSOR_BAD_DEADLINE: .*has passed/);
      expect(
        await reasonOf(
          send(await signed(listener, await batchOf(listener, [favorite('R1')], 7200), auth)),
        ),
      ).toMatch(/^SPONSOR_BAD_DEADLINE: .*3600 s ahead/);
      expect(await reasonOf(send(await signed(listener, ok, auth), stranger.address))).toMatch(
        /^SPONSOR_WRONG_ENTRY_POINT/,
      );
      expect(
        await reasonOf(send({ ...(await signed(listener, ok, auth)), maxFeePerGas: '0x1' })),
      ).toBe(
        'SPONSOR_BAD_REQUEST: userOp.maxFeePerGas must be "0x0": the sponsor pays the transaction',
      );
      const typed = userOperationTypedData(ok);
      const forged = await stranger.signTypedData(
        typed.domain,
        { PackedUserOperation: [...USER_OPERATION_TYPES.PackedUserOperation] },
        typed.message,
      );
      expect(await reasonOf(send(toRpcUserOperation(ok, forged as `0x${string}`, auth)))).toBe(
        'SPONSOR_BAD_SIGNATURE: the operation is not signed by its account',
      );
      expect(await reasonOf(send(await signed(listener, ok, null)))).toMatch(
        /^SPONSOR_NOT_UPGRADED/,
      );
      const elsewhere = { ...auth!, address: sc.contracts.fanActions };
      expect(await reasonOf(send(await signed(listener, ok, elsewhere)))).toMatch(
        /^SPONSOR_WRONG_DELEGATE: the authorization names/,
      );
      const strangersAuth = signUpgrade(stranger, sc.table, {
        chainId: sc.chain.chainId,
        account: stranger.address as `0x${string}`,
        delegate: sc.contracts.delegate,
        nonce: 0,
        replaces: null,
      });
      expect(await reasonOf(send(await signed(listener, ok, strangersAuth)))).toBe(
        'SPONSOR_BAD_AUTHORIZATION: the authorization is not signed by the account',
      );
      const laterNonce = signUpgrade(listener, sc.table, {
        chainId: sc.chain.chainId,
        account: listener.address as `0x${string}`,
        delegate: sc.contracts.delegate,
        nonce: 3,
        replaces: null,
      });
      expect(await reasonOf(send(await signed(listener, ok, laterNonce)))).toMatch(
        /^SPONSOR_BAD_AUTHORIZATION: the authorization is for nonce 3/,
      );
      expect(await sent()).toBe(before);

      // Refused after its claim (the calls revert): the claim and the budget are given back.
      await upgradeDirectly(sc, listener);
      const first = await batchOf(listener, [favorite('R0'), favorite('R0')]);
      expect(
        await reasonOf(
          rpc(s, 'eth_estimateUserOperationGas', [
            await signed(listener, first, null),
            sc.contracts.entryPoint,
          ]),
        ),
      ).toMatch(/^SPONSOR_CALLS_REVERT: the calls would revert \(error 0x/);
      expect(await reasonOf(send(await signed(listener, first, null)))).toMatch(
        /^SPONSOR_CALLS_REVERT/,
      );
      expect(await sent()).toBe(before);
      // The listener's one operation of the day is still there.
      const answer = await send(
        await signed(listener, await batchOf(listener, [favorite('R1')]), null),
      );
      expect(answer.error).toBeUndefined();
      expect(await sent()).toBe(before + 1);
    });

    it('attack: two operations of one account under two deadlines, whose call reverts the second time: only the first is paid', async () => {
      const databaseUrl = await engine.freshDatabaseUrl();
      const [a, b] = [await server(databaseUrl), await server(databaseUrl)];
      const listener = Wallet.createRandom();
      await upgradeDirectly(sc, listener);
      // The same favorite under two deadlines: two nonce keys, two hashes, two claims apart.
      const one = await signed(listener, await batchOf(listener, [favorite('D1')], 600), null);
      const two = await signed(listener, await batchOf(listener, [favorite('D1')], 601), null);
      const pending = () => provider.getTransactionCount(sponsorAddress, 'pending');
      const before = await pending();
      // Blocks wait, as on a real chain: a transaction sent is on its way, not in a block.
      await provider.send('evm_setAutomine', [false]);
      let refused: unknown;
      try {
        // Both at once, through two instances on one database: one is paid, the other waits.
        const answers = await Promise.all([
          rpc(a, 'eth_sendUserOperation', [one, sc.contracts.entryPoint]),
          rpc(b, 'eth_sendUserOperation', [two, sc.contracts.entryPoint]),
        ]);
        const reasons = answers.map((answer) =>
          answer.error
            ? (answer.error.data?.reason ?? 'error')
            : typeof answer.result === 'string'
              ? 'paid'
              : 'no answer',
        );
        expect([...reasons].sort()).toEqual(['SPONSOR_ACCOUNT_BUSY', 'paid']);
        const busy = answers.find((answer) => answer.error);
        expect(busy?.error?.data?.retryAfterSeconds).toBeGreaterThan(0);
        refused = reasons[0] === 'paid' ? two : one;
        // Asked again while the first is on its way: still waits, and so does its estimate.
        const again = await rpc(a, 'eth_sendUserOperation', [refused, sc.contracts.entryPoint]);
        expect(again.error?.data?.reason).toBe('SPONSOR_ACCOUNT_BUSY');
        // It says until when at most: the first one's deadline (600 s ahead), should it be dropped.
        const left = Number(
          /in (\d+) s, when it can no longer run/.exec(again.error?.message ?? '')?.[1],
        );
        // The deadline is counted from the chain's clock, which runs ahead of the wall clock when
        // blocks come faster than one a second (each must be later than the last).
        const chainAhead = Math.max(
          0,
          Number((await readLatestBlock(sc.rpc)).timestamp) - Math.floor(Date.now() / 1000),
        );
        expect(left).toBeGreaterThan(500);
        expect(left).toBeLessThanOrEqual(600 + chainAhead + 1);
        const estimate = await rpc(b, 'eth_estimateUserOperationGas', [
          refused,
          sc.contracts.entryPoint,
        ]);
        expect(estimate.error?.data?.reason).toBe('SPONSOR_ACCOUNT_BUSY');
        expect(await pending()).toBe(before + 1);
        await provider.send('evm_mine', []);
      } finally {
        await provider.send('evm_setAutomine', [true]);
      }
      // Once the first is in a block, the other is judged after it: its call reverts, unpaid.
      const after = await rpc(b, 'eth_sendUserOperation', [refused, sc.contracts.entryPoint]);
      expect(after.error?.data?.reason).toBe('SPONSOR_CALLS_REVERT');
      expect(await pending()).toBe(before + 1);
      // And another call of the same account is paid as usual.
      const next = await rpc(a, 'eth_sendUserOperation', [
        await signed(listener, await batchOf(listener, [favorite('D2')], 602), null),
        sc.contracts.entryPoint,
      ]);
      expect(next.error).toBeUndefined();
      expect(await pending()).toBe(before + 2);
    });

    it('keeps per-listener, per-client and daily budgets across two instances on one database', async () => {
      const databaseUrl = await engine.freshDatabaseUrl();
      const budgets = { perListenerPerDay: 2, perClientPerDay: 2, perDay: 5 };
      const [a, b] = [await server(databaseUrl, budgets), await server(databaseUrl, budgets)];
      const listeners = Array.from({ length: 6 }, () => Wallet.createRandom());
      for (const listener of listeners) await upgradeDirectly(sc, listener);
      const before = await sent();
      // Each operation its own deadline, so the nonces differ.
      let n = 0;
      const op = async (listener: BaseWallet) =>
        signed(listener, await batchOf(listener, [favorite(`B${n}`)], 600 + n++), null);
      const sendAll = async (requests: [RunningServer, unknown, string][]) =>
        (
          await Promise.all(
            requests.map(([server, op, from]) =>
              rpc(server, 'eth_sendUserOperation', [op, sc.contracts.entryPoint], from),
            ),
          )
        ).map((answer) => answer.error?.data?.reason ?? 'paid');
      const [l1, l2, l3, l4, l5, l6] = listeners as unknown as [
        BaseWallet,
        BaseWallet,
        BaseWallet,
        BaseWallet,
        BaseWallet,
        BaseWallet,
      ];

      // One listener, three operations through both instances, each once the last is in a block
      // (one account's operations go one at a time): two are paid.
      const first = [
        ...(await sendAll([[a, await op(l1), '203.0.113.1']])),
        ...(await sendAll([[b, await op(l1), '203.0.113.1']])),
        ...(await sendAll([[a, await op(l1), '203.0.113.1']])),
      ];
      expect(first).toEqual(['paid', 'paid', 'SPONSOR_LISTENER_BUDGET']);
      // That client address has used its two as well.
      const second = await rpc(
        b,
        'eth_sendUserOperation',
        [await op(l2), sc.contracts.entryPoint],
        '203.0.113.1',
      );
      expect(second.error?.data?.reason).toBe('SPONSOR_CLIENT_BUDGET');
      expect(second.error?.data?.retryAfterSeconds).toBeGreaterThan(0);
      // Another client: two of three are paid.
      const third = await sendAll([
        [a, await op(l2), '203.0.113.2'],
        [b, await op(l3), '203.0.113.2'],
        [a, await op(l4), '203.0.113.2'],
      ]);
      expect(third.sort()).toEqual(['SPONSOR_CLIENT_BUDGET', 'paid', 'paid']);
      // The day's budget (5) leaves one for the next two listeners, and the estimate says so too.
      const fourth = await sendAll([
        [a, await op(l5), '203.0.113.3'],
        [b, await op(l6), '203.0.113.4'],
      ]);
      expect(fourth.sort()).toEqual(['SPONSOR_DAILY_BUDGET', 'paid']);
      const estimate = await rpc(
        a,
        'eth_estimateUserOperationGas',
        [await op(l6), sc.contracts.entryPoint],
        '203.0.113.5',
      );
      expect(estimate.error?.data?.reason).toBe('SPONSOR_DAILY_BUDGET');
      expect(await sent()).toBe(before + 5);
    });
  });

  it('answers SPONSOR_NOT_CONFIGURED when off, and spends a client’s request budget when on', async () => {
    const sqlite = ENGINES[0]!();
    await sqlite.start();
    const off = await startServer({ databaseUrl: await sqlite.freshDatabaseUrl() });
    const on = await startServer({
      databaseUrl: await sqlite.freshDatabaseUrl(),
      rateLimit: { sponsorPerAddress: 2 },
      sponsor: options(),
    });
    try {
      const answer = await rpc(off, 'eth_chainId', []);
      expect(answer.status).toBe(503);
      expect(answer.error?.data?.reason).toBe('SPONSOR_NOT_CONFIGURED');
      expect((await rpc(on, 'eth_chainId', [])).result).toBe('0x7a69');
      expect((await rpc(on, 'eth_foo', [])).error?.data?.reason).toBe('SPONSOR_UNKNOWN_METHOD');
      const limited = await rpc(on, 'eth_chainId', []);
      expect(limited.status).toBe(429);
      expect(limited.error?.data?.reason).toBe('SPONSOR_TOO_MANY_REQUESTS');
      expect(Number(limited.retryAfter)).toBeGreaterThan(0);
      const notRpc = await call(`${on.url}/sponsor`, {
        method: 'POST',
        json: [{ jsonrpc: '2.0', id: 1, method: 'eth_chainId' }],
      });
      expect(notRpc.body).toMatchObject({ error: { code: -32600 } });
    } finally {
      await off.close();
      await on.close();
      await sqlite.stop();
    }
  });
});
