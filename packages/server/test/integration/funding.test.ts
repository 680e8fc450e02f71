// The funding hook against a real local chain: a new sign-up is paid once, within the budgets
// kept in the database (shared by instances on one PostgreSQL), and a chain that is down never
// fails a sign-up: the payment goes out when the chain is back.
import { Wallet } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonRpc, type LocalChain, startLocalChain } from '../../../../chain/index.ts';
import { ENGINES, type EngineHarness } from '../../../../tests/support/backend/engines.ts';
import { call } from '../../../../tests/support/backend/http.ts';
import { freePort } from '../../../../tests/support/free-port.ts';
import { NO_RATE_LIMIT } from '../../../../tests/support/no-rate-limit.ts';
import { createFunder, type Funder } from '../../src/funding/funder.ts';
import { DEFAULT_MAX_GAS_PRICE_WEI } from '../../src/funding/funding-config.ts';
import { createFundingWorker } from '../../src/funding/funding-worker.ts';
import { type RunningServer, type StartServerOptions, startServer } from '../../src/index.ts';
import { openSqliteStore } from '../../src/store/sqlite-store.ts';
import type { Store } from '../../src/store/store.ts';

// Hardhat's third default account pays (public, local only).
const FUNDING_KEY = '0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a';
const AMOUNT = 10n ** 15n;

async function balance(url: string, address: string): Promise<bigint> {
  return BigInt(String(await jsonRpc(url, 'eth_getBalance', [address, 'latest'])));
}

interface FundingHealth {
  queued: number;
  paid: number;
  failed: number;
  funder: string;
  lastError: string | null;
}

async function health(server: RunningServer): Promise<FundingHealth> {
  const answer = await call(`${server.url}/health`);
  expect(answer.status).toBe(200);
  return (answer.body as { funding: FundingHealth }).funding;
}

/** Polls until `check` holds (the worker runs on its own); fails with the last state seen. */
async function eventually<T>(read: () => Promise<T>, check: (value: T) => boolean): Promise<T> {
  let last: T = await read();
  for (let i = 0; i < 300 && !check(last); i++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    last = await read();
  }
  expect(check(last), JSON.stringify(last)).toBe(true);
  return last;
}

function signUp(server: RunningServer, username: string, walletAddress: string, from = '10.0.0.1') {
  return call(`${server.url}/users`, {
    method: 'POST',
    json: { username, walletAddress },
    headers: { 'x-forwarded-for': from },
  });
}

describe('funding new addresses', () => {
  let chain: LocalChain;
  beforeAll(async () => {
    chain = await startLocalChain({ port: await freePort() });
  }, 60_000);
  afterAll(() => chain?.stop());

  const funding = (overrides: Partial<NonNullable<StartServerOptions['funding']>> = {}) => ({
    rpcUrl: chain.url,
    privateKey: FUNDING_KEY,
    amountWei: AMOUNT,
    perClientPerDay: 100,
    perDay: 1000,
    retrySeconds: 1,
    maxGasPriceWei: DEFAULT_MAX_GAS_PRICE_WEI,
    ...overrides,
  });

  describe.each(ENGINES.map((make) => make()))('on $name', (engine: EngineHarness) => {
    const servers: RunningServer[] = [];
    beforeAll(() => engine.start());
    afterAll(async () => {
      await Promise.all(servers.map((s) => s.close()));
      await engine.stop();
    });
    async function server(databaseUrl: string, overrides = {}): Promise<RunningServer> {
      const started = await startServer({
        databaseUrl,
        rateLimit: NO_RATE_LIMIT,
        trustProxy: 1,
        funding: funding(overrides),
      });
      servers.push(started);
      return started;
    }

    it('pays a new address once, never twice for the same username or address', async () => {
      const s = await server(await engine.freshDatabaseUrl());
      const ann = Wallet.createRandom().address;
      expect((await signUp(s, 'ann', ann)).status).toBe(200);
      await eventually(
        () => health(s),
        (h) => h.paid === 1,
      );
      expect(await balance(chain.url, ann)).toBe(AMOUNT);
      // The same sign-up again, a second username for the address, another case of the name.
      expect((await signUp(s, 'ann', ann)).status).toBe(200);
      expect((await signUp(s, 'ann-again', ann)).status).toBe(200);
      expect((await signUp(s, 'ANN', ann)).status).toBe(200);
      expect(await health(s)).toMatchObject({ queued: 0, paid: 1, failed: 0 });
      expect(await balance(chain.url, ann)).toBe(AMOUNT);
    });

    it('keeps a per-client and a global daily budget across two instances on one database', async () => {
      const databaseUrl = await engine.freshDatabaseUrl();
      const budgets = { perClientPerDay: 2, perDay: 5 };
      const [a, b] = [await server(databaseUrl, budgets), await server(databaseUrl, budgets)];
      const farm = Array.from({ length: 8 }, () => Wallet.createRandom().address);
      // One client farming through both instances at once: two payments, and every sign-up works.
      const farmed = await Promise.all(
        farm.map((address, i) => signUp(i % 2 ? a : b, `farm-${i}`, address, '203.0.113.7')),
      );
      expect(farmed.map((answer) => answer.status)).toEqual(farm.map(() => 200));
      // Many clients at once: the global budget leaves three more.
      const crowd = Array.from({ length: 8 }, () => Wallet.createRandom().address);
      await Promise.all(
        crowd.map((address, i) => signUp(i % 2 ? a : b, `crowd-${i}`, address, `198.51.100.${i}`)),
      );
      await eventually(
        () => health(a),
        (h) => h.paid === 5 && h.queued === 0,
      );
      const paid = async (addresses: string[]) =>
        (await Promise.all(addresses.map((x) => balance(chain.url, x)))).filter((v) => v === AMOUNT)
          .length;
      expect(await paid(farm)).toBe(2);
      expect(await paid(crowd)).toBe(3);
    });
  });

  it('never fails a sign-up while the chain is down, and pays when it is back', async () => {
    const port = await freePort();
    const sqlite = ENGINES[0]!();
    await sqlite.start();
    const s = await startServer({
      databaseUrl: await sqlite.freshDatabaseUrl(),
      rateLimit: NO_RATE_LIMIT,
      funding: { ...funding(), rpcUrl: `http://127.0.0.1:${port}` },
    });
    let later: LocalChain | undefined;
    try {
      const bob = Wallet.createRandom().address;
      expect((await signUp(s, 'bob', bob)).status).toBe(200);
      const waiting = await eventually(
        () => health(s),
        (h) => h.lastError !== null,
      );
      expect(waiting).toMatchObject({ queued: 1, paid: 0, lastError: 'chain node unreachable' });
      later = await startLocalChain({ port });
      await eventually(
        () => health(s),
        (h) => h.paid === 1,
      );
      expect(await balance(later.url, bob)).toBe(AMOUNT);
    } finally {
      await s.close();
      await later?.stop();
      await sqlite.stop();
    }
  }, 90_000);
});

describe('the funding worker never pays one address twice', () => {
  let chain: LocalChain;
  let store: Store;
  beforeAll(async () => {
    chain = await startLocalChain({ port: await freePort() });
    store = openSqliteStore(':memory:');
  }, 60_000);
  afterAll(async () => {
    await store?.close();
    await chain?.stop();
  });

  async function queue(walletAddress: string, usernameKey: string): Promise<void> {
    const result = await store.funding.enqueue({
      walletAddress,
      usernameKey,
      clientBucket: '10.0.0.1',
      day: 1,
      perClientPerDay: 100,
      globalPerDay: 100,
      nowMs: 0,
    });
    expect(result).toBe('queued');
  }

  it('when the answer to a broadcast is lost, the retry settles the same transfer', async () => {
    const real = createFunder(chain.url, FUNDING_KEY, DEFAULT_MAX_GAS_PRICE_WEI);
    let lose = true;
    // The node takes the transfer, but the worker never hears back (a timeout, a crash).
    const funder: Funder = {
      ...real,
      async broadcast(rawTx) {
        await real.broadcast(rawTx);
        if (lose) throw new Error('connection reset');
      },
    };
    const worker = createFundingWorker({
      store: store.funding,
      funder,
      amountWei: AMOUNT,
      retrySeconds: 1,
      now: () => 0,
    });
    const carl = Wallet.createRandom().address.toLowerCase();
    await queue(carl, 'carl');
    await worker.runOnce();
    lose = false;
    await worker.runOnce();
    expect(await store.funding.summary()).toMatchObject({ paid: 1, queued: 0 });
    expect(await balance(chain.url, carl)).toBe(AMOUNT);
  });

  it('signs anew only when the stored transfer can never be mined (its nonce went elsewhere)', async () => {
    const real = createFunder(chain.url, FUNDING_KEY, DEFAULT_MAX_GAS_PRICE_WEI);
    let down = true;
    const funder: Funder = {
      ...real,
      async broadcast(rawTx) {
        if (down) throw new Error('chain unreachable');
        await real.broadcast(rawTx);
      },
    };
    const clock = { ms: 10_000_000 };
    const worker = createFundingWorker({
      store: store.funding,
      funder,
      amountWei: AMOUNT,
      retrySeconds: 1,
      now: () => clock.ms,
    });
    const dana = Wallet.createRandom().address.toLowerCase();
    await queue(dana, 'dana');
    await worker.runOnce(); // signed and stored, not sent
    // Someone else spends the funder's nonce meanwhile (the documented misuse of FUNDING_KEY).
    const other = await real.signTransfer(
      Wallet.createRandom().address,
      1n,
      await real.pendingNonce(),
    );
    await real.broadcast(other.rawTx);
    down = false;
    clock.ms += 60_000;
    await worker.runOnce();
    expect(await store.funding.summary()).toMatchObject({ paid: 2, queued: 0 });
    expect(await balance(chain.url, dana)).toBe(AMOUNT);
  });

  it('asks for a receipt only of a transfer it has sent', async () => {
    const real = createFunder(chain.url, FUNDING_KEY, DEFAULT_MAX_GAS_PRICE_WEI);
    const calls: string[] = [];
    const funder: Funder = {
      ...real,
      async broadcast(rawTx) {
        calls.push('broadcast');
        await real.broadcast(rawTx);
      },
      async outcome(txHash) {
        calls.push('outcome');
        return real.outcome(txHash);
      },
    };
    const worker = createFundingWorker({
      store: store.funding,
      funder,
      amountWei: AMOUNT,
      retrySeconds: 1,
      // Later than the lease the tests above left behind on this database.
      now: () => 100_000_000,
    });
    const erin = Wallet.createRandom().address.toLowerCase();
    await queue(erin, 'erin');
    await worker.runOnce();
    expect(calls[0]).toBe('broadcast');
    expect(await balance(chain.url, erin)).toBe(AMOUNT);
  });
});
