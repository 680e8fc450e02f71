// The reference ERC-7677 paymaster (POST /paymaster) played against by a site: it names another
// EntryPoint, an account delegated to another contract, an authorization for another contract or
// chain, and spends past the budgets per client address (a site's listeners behind one address),
// per day and per listener. Each refusal names its reason and signs nothing; a refused request
// spends nothing. No bundler is needed: what is tested is what the paymaster signs.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { encodeExecute, type Hex, nonceOf } from '@encore-wallet/calls';
import type { SponsorOptions } from '@encore-wallet/server';
import { type RunningServer, startServer } from '@encore-wallet/server';
import { readLatestBlock } from '@encore-wallet/utils/chain-rpc';
import { type BaseWallet, JsonRpcProvider, Wallet } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  compileContract,
  deployContract,
  deploySponsorPaymaster,
  LOCAL_FUNDED_KEY,
  LOCAL_SPONSOR_KEY,
  type SponsorPaymaster,
} from '../../../chain/index.ts';
import { NO_RATE_LIMIT } from '../../support/no-rate-limit.ts';
import {
  fanCall,
  type SponsoredChain,
  sponsorOptions,
  startSponsoredChain,
  upgradeDirectly,
} from '../../support/sponsored-chain.ts';

let sc: SponsoredChain;
let paymaster: SponsorPaymaster;
const servers: RunningServer[] = [];

beforeAll(async () => {
  sc = await startSponsoredChain();
  paymaster = await deploySponsorPaymaster(sc.chain.url, LOCAL_FUNDED_KEY, {
    entryPoint: sc.contracts.entryPoint,
    signer: new Wallet(LOCAL_SPONSOR_KEY).address as `0x${string}`,
  });
}, 120_000);

afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
  await sc?.chain.stop();
});

/** A fresh backend (its own database) whose paymaster pays under `overrides`' rules. */
async function backend(overrides: Partial<SponsorOptions> = {}): Promise<RunningServer> {
  const dir = mkdtempSync(join(tmpdir(), 'encore-paymaster-attacks-'));
  const server = await startServer({
    databaseUrl: `sqlite:${join(dir, 'db.sqlite')}`,
    rateLimit: { ...NO_RATE_LIMIT, sponsorPerAddress: 1_000_000 },
    trustProxy: 1,
    sponsor: sponsorOptions(sc, overrides),
    paymaster: paymaster.address,
  });
  servers.push(server);
  return server;
}

type Answer =
  | { result: { paymaster: string; paymasterData: Hex } }
  | { error: { code: number; message: string; data?: { reason: string } } };

/** One pm_* request to `server`'s /paymaster, sent from the client address `from`. */
async function pm(
  server: RunningServer,
  method: 'pm_getPaymasterStubData' | 'pm_getPaymasterData',
  op: Record<string, unknown>,
  options: { from?: string; entryPoint?: string; chainId?: number } = {},
): Promise<Answer> {
  const response = await fetch(`${server.url}/paymaster`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': options.from ?? '10.1.1.1' },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method,
      params: [
        op,
        options.entryPoint ?? sc.contracts.entryPoint,
        `0x${(options.chainId ?? sc.chain.chainId).toString(16)}`,
        {},
      ],
    }),
  });
  return (await response.json()) as Answer;
}

const reasonOf = (answer: Answer) => ('error' in answer ? answer.error.data?.reason : 'signed');

/**
 * A never-funded EOA's first operation: `calls`, its authorization for `delegate` on `chainId`
 * signed by `owner` (a fresh key by default); `sender` names another address than the owner's.
 */
async function firstOperation(
  calls: { to: string; data: string }[],
  options: { delegate?: string; chainId?: number; owner?: BaseWallet; sender?: string } = {},
): Promise<Record<string, unknown>> {
  const deadline = Number((await readLatestBlock(sc.rpc)).timestamp) + 600;
  const owner = options.owner ?? Wallet.createRandom();
  const address = options.delegate ?? sc.contracts.delegate;
  const chainId = options.chainId ?? sc.chain.chainId;
  const { signature } = await owner.authorize({ address, chainId, nonce: 0 });
  return {
    ...laterOperation(options.sender ?? owner.address, calls, deadline),
    factory: '0x7702',
    factoryData: '0x',
    eip7702Auth: {
      address,
      chainId: `0x${chainId.toString(16)}`,
      nonce: '0x0',
      r: signature.r,
      s: signature.s,
      yParity: `0x${signature.yParity}`,
    },
  };
}

/** An operation of an account that already runs a delegate (no authorization with it). */
function laterOperation(
  sender: string,
  calls: { to: string; data: string }[],
  deadline: number,
): Record<string, unknown> {
  return {
    sender,
    nonce: `0x${nonceOf(deadline, 0n).toString(16)}`,
    callData: encodeExecute(calls.map((call) => ({ ...call, value: '0x0' })) as never),
    callGasLimit: '0x186a0',
    verificationGasLimit: '0x186a0',
    preVerificationGas: '0xea60',
    maxFeePerGas: '0x3b9aca00',
    maxPriorityFeePerGas: '0x3b9aca00',
    signature: '0x',
  };
}

const favorite = (track: string) => fanCall(sc, 'favorite', track);

describe('the ERC-7677 paymaster against a site that asks for more', () => {
  it('attack: an operation for another EntryPoint is refused, stub and final', async () => {
    const server = await backend();
    const op = await firstOperation([favorite('ep-1')]);
    // ERC-4337 v0.7's EntryPoint, where EncorePaymaster holds no deposit and the delegate obeys nobody.
    const other = '0x0000000071727De22E5E9d8BAf0edAc6f37da032';
    for (const method of ['pm_getPaymasterStubData', 'pm_getPaymasterData'] as const) {
      const answer = await pm(server, method, op, { entryPoint: other });
      expect(reasonOf(answer)).toBe('SPONSOR_WRONG_ENTRY_POINT');
    }
    // The same operation through the paymaster's own EntryPoint is paid: the refusal was the EntryPoint's.
    expect(reasonOf(await pm(server, 'pm_getPaymasterData', op))).toBe('signed');
  });

  it('attack: an authorization for another contract (a look-alike delegate) or another chain is refused', async () => {
    const server = await backend();
    // The same account code, bound to the same EntryPoint, at another address: not the pinned one.
    const lookAlike = await deployContract(
      sc.chain.url,
      LOCAL_FUNDED_KEY,
      await compileContract('EncoreAccount'),
      [sc.contracts.entryPoint, sc.contracts.delegationFramework.delegationManager],
    );
    for (const method of ['pm_getPaymasterStubData', 'pm_getPaymasterData'] as const) {
      const toOther = await firstOperation([favorite('auth-1')], { delegate: lookAlike });
      expect(reasonOf(await pm(server, method, toOther))).toBe('SPONSOR_WRONG_DELEGATE');
      const otherChain = await firstOperation([favorite('auth-1')], { chainId: 1 });
      expect(reasonOf(await pm(server, method, otherChain))).toBe('SPONSOR_BAD_AUTHORIZATION');
    }
  });

  it('attack: an account that already runs another contract is refused, and one that runs none must bring its authorization', async () => {
    const server = await backend();
    const lookAlike = await deployContract(
      sc.chain.url,
      LOCAL_FUNDED_KEY,
      await compileContract('EncoreAccount'),
      [sc.contracts.entryPoint, sc.contracts.delegationFramework.delegationManager],
    );
    const listener = Wallet.createRandom();
    await delegateTo(listener, lookAlike);
    const deadline = Number((await readLatestBlock(sc.rpc)).timestamp) + 600;
    const op = laterOperation(listener.address, [favorite('other-1')], deadline);
    for (const method of ['pm_getPaymasterStubData', 'pm_getPaymasterData'] as const) {
      const answer = await pm(server, method, op);
      expect(reasonOf(answer)).toBe('SPONSOR_WRONG_DELEGATE');
      expect('error' in answer && answer.error.message).toContain(lookAlike);
    }
    const plain = laterOperation(Wallet.createRandom().address, [favorite('plain-1')], deadline);
    expect(reasonOf(await pm(server, 'pm_getPaymasterData', plain))).toBe('SPONSOR_NOT_UPGRADED');
    // Once it runs Encore's delegate, the same kind of operation is paid.
    const upgraded = Wallet.createRandom();
    await upgradeDirectly(sc, upgraded);
    const later = laterOperation(upgraded.address, [favorite('later-1')], deadline);
    expect(reasonOf(await pm(server, 'pm_getPaymasterData', later))).toBe('signed');
  });

  it("attack: a site's listeners behind one client address share its daily budget; stub data is refused too once it is spent", async () => {
    const server = await backend({ perClientPerDay: 2 });
    for (const track of ['site-1', 'site-2']) {
      const paid = await pm(server, 'pm_getPaymasterData', await firstOperation([favorite(track)]));
      expect(reasonOf(paid)).toBe('signed');
    }
    const third = await firstOperation([favorite('site-3')]);
    expect(reasonOf(await pm(server, 'pm_getPaymasterData', third))).toBe('SPONSOR_CLIENT_BUDGET');
    expect(reasonOf(await pm(server, 'pm_getPaymasterStubData', third))).toBe(
      'SPONSOR_CLIENT_BUDGET',
    );
    // Another client address still has its own.
    expect(reasonOf(await pm(server, 'pm_getPaymasterData', third, { from: '10.2.2.2' }))).toBe(
      'signed',
    );
  });

  it('attack: requests from many client addresses stop at the sponsor’s daily total', async () => {
    const server = await backend({ perDay: 2 });
    for (const from of ['10.3.0.1', '10.3.0.2']) {
      const op = await firstOperation([favorite(`day-${from}`)]);
      expect(reasonOf(await pm(server, 'pm_getPaymasterData', op, { from }))).toBe('signed');
    }
    const op = await firstOperation([favorite('day-3')]);
    expect(reasonOf(await pm(server, 'pm_getPaymasterData', op, { from: '10.3.0.3' }))).toBe(
      'SPONSOR_DAILY_BUDGET',
    );
  });

  it('attack: fees per gas above SPONSOR_MAX_FEE_PER_GAS are not signed, though they follow the chain’s price', async () => {
    const price = BigInt(String(await sc.rpc.request('eth_gasPrice', [])));
    // The cap just above the chain's price; the operation's fee within the price's ×3 + 2 gwei.
    const cap = price + 1n;
    const server = await backend({ maxFeePerGas: cap });
    const over = {
      ...(await firstOperation([favorite('fee-1')])),
      maxFeePerGas: `0x${(cap + 10n ** 9n).toString(16)}`,
      maxPriorityFeePerGas: '0x1',
    };
    const answer = await pm(server, 'pm_getPaymasterData', over);
    expect(reasonOf(answer)).toBe('SPONSOR_TOO_MUCH_GAS');
    expect('error' in answer && answer.error.message).toContain(String(cap));
    const at = { ...over, maxFeePerGas: `0x${cap.toString(16)}` };
    expect(reasonOf(await pm(server, 'pm_getPaymasterData', at))).toBe('signed');
    // While the chain's price is above the cap, nothing is signed.
    const low = await backend({ maxFeePerGas: price - 1n });
    const fits = { ...at, maxFeePerGas: `0x${(price - 1n).toString(16)}` };
    expect(reasonOf(await pm(low, 'pm_getPaymasterData', fits))).toBe('SPONSOR_GAS_PRICE_TOO_HIGH');
  });

  it('attack: an operation whose calls revert is not signed and spends none of the budget', async () => {
    const server = await backend({ perClientPerDay: 1 });
    const listener = Wallet.createRandom();
    await upgradeDirectly(sc, listener);
    // The favorite is made already: the operation's calls would revert.
    await favoriteDirectly(listener, 'revert-1');
    const deadline = Number((await readLatestBlock(sc.rpc)).timestamp) + 600;
    const reverting = laterOperation(listener.address, [favorite('revert-1')], deadline);
    for (const method of ['pm_getPaymasterStubData', 'pm_getPaymasterData'] as const) {
      expect(reasonOf(await pm(server, method, reverting))).toBe('SPONSOR_CALLS_REVERT');
    }
    // The client's one operation of the day is still there for a call that runs.
    const runs = await firstOperation([favorite('revert-2')]);
    expect(reasonOf(await pm(server, 'pm_getPaymasterData', runs))).toBe('signed');
  });
});

describe('the ERC-7677 paymaster against a stranger naming a victim’s account', () => {
  /** The victim: an account that already runs Encore's delegate (no authorization needed). */
  async function victim(): Promise<string> {
    const listener = Wallet.createRandom();
    await upgradeDirectly(sc, listener);
    return listener.address;
  }
  const inSeconds = async (seconds: number) =>
    Number((await readLatestBlock(sc.rpc)).timestamp) + seconds;

  it('attack: a stranger’s requests for a victim’s address, from several client addresses, leave the victim’s next sponsored call working', async () => {
    const server = await backend({ perListenerPerDay: 1 });
    const account = await victim();
    // The stranger's data is signed (nothing in a request shows whose it is), but it costs the
    // stranger's client address, never the victim's budget, and never makes the victim wait.
    for (const from of ['10.66.0.1', '10.66.0.2', '10.66.0.3']) {
      const op = laterOperation(account, [favorite(`stranger-${from}`)], await inSeconds(600));
      expect(reasonOf(await pm(server, 'pm_getPaymasterData', op, { from }))).toBe('signed');
      // The same stranger's next one waits for the first, as one client's operations do.
      const next = laterOperation(account, [favorite(`again-${from}`)], await inSeconds(601));
      expect(reasonOf(await pm(server, 'pm_getPaymasterData', next, { from }))).toBe(
        'SPONSOR_ACCOUNT_BUSY',
      );
    }
    const own = laterOperation(account, [favorite('victim-own')], await inSeconds(600));
    for (const method of ['pm_getPaymasterStubData', 'pm_getPaymasterData'] as const) {
      expect(reasonOf(await pm(server, method, own, { from: '10.77.0.1' }))).toBe('signed');
    }
  });

  it('attack: an authorization signed by someone else for a victim’s address is refused before anything is simulated or claimed', async () => {
    const server = await backend({ perClientPerDay: 1 });
    const victimKey = Wallet.createRandom();
    const forged = await firstOperation([favorite('forged-1')], {
      owner: Wallet.createRandom(),
      sender: victimKey.address,
    });
    for (const method of ['pm_getPaymasterStubData', 'pm_getPaymasterData'] as const) {
      const answer = await pm(server, method, forged);
      expect(reasonOf(answer)).toBe('SPONSOR_BAD_AUTHORIZATION');
      expect('error' in answer && answer.error.message).toContain('not signed by');
    }
    // An authorization for a nonce the account is not at is refused too.
    const stale = await firstOperation([favorite('stale-1')]);
    const auth = stale.eip7702Auth as Record<string, string>;
    const owner = Wallet.createRandom();
    const later = await owner.authorize({
      address: sc.contracts.delegate,
      chainId: sc.chain.chainId,
      nonce: 5,
    });
    const atFive = {
      ...stale,
      sender: owner.address,
      eip7702Auth: {
        ...auth,
        nonce: '0x5',
        r: later.signature.r,
        s: later.signature.s,
        yParity: `0x${later.signature.yParity}`,
      },
    };
    expect(reasonOf(await pm(server, 'pm_getPaymasterData', atFive))).toBe(
      'SPONSOR_BAD_AUTHORIZATION',
    );
    // Nothing was claimed: the client's one operation of the day is there for the victim's own.
    const own = await firstOperation([favorite('forged-own')], { owner: victimKey });
    expect(reasonOf(await pm(server, 'pm_getPaymasterData', own))).toBe('signed');
  });

  it('attack: a deadline further ahead than SPONSOR_MAX_DEADLINE_SECONDS, or past, is refused', async () => {
    const server = await backend({ maxDeadlineSeconds: 600 });
    const account = await victim();
    const far = laterOperation(account, [favorite('far-1')], await inSeconds(600 + 120));
    const past = laterOperation(account, [favorite('past-1')], await inSeconds(0));
    for (const method of ['pm_getPaymasterStubData', 'pm_getPaymasterData'] as const) {
      const answer = await pm(server, method, far);
      expect(reasonOf(answer)).toBe('SPONSOR_BAD_DEADLINE');
      expect('error' in answer && answer.error.message).toContain('600 s');
      expect(reasonOf(await pm(server, method, past))).toBe('SPONSOR_BAD_DEADLINE');
    }
    const near = laterOperation(account, [favorite('near-1')], await inSeconds(500));
    expect(reasonOf(await pm(server, 'pm_getPaymasterData', near))).toBe('signed');
  });

  it('attack: a claim whose signed data was never used is released once its deadline passes, and never spent the listener’s budget', async () => {
    const server = await backend({ perListenerPerDay: 1 });
    const account = await victim();
    const unused = laterOperation(account, [favorite('unused-1')], await inSeconds(30));
    expect(reasonOf(await pm(server, 'pm_getPaymasterData', unused))).toBe('signed');
    // While it could still run, the client's next operation for the account waits, and is told
    // for how long at most (its deadline, not years).
    const next = laterOperation(account, [favorite('unused-2')], await inSeconds(600));
    const busy = await pm(server, 'pm_getPaymasterData', next);
    expect(reasonOf(busy)).toBe('SPONSOR_ACCOUNT_BUSY');
    const seconds = Number(/in (\d+) s/.exec('error' in busy ? busy.error.message : '')?.[1]);
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(30);
    // Past its deadline, never used: released; the listener's one operation of the day is there.
    await sc.rpc.request('evm_increaseTime', [31]);
    await sc.rpc.request('evm_mine', []);
    const after = laterOperation(account, [favorite('unused-3')], await inSeconds(600));
    expect(reasonOf(await pm(server, 'pm_getPaymasterData', after))).toBe('signed');
  });
});

/** Makes `listener` run `contract`'s code: its authorization, carried by a funded account's transaction. */
async function delegateTo(listener: BaseWallet, contract: string): Promise<void> {
  const provider = new JsonRpcProvider(sc.chain.url, undefined, { staticNetwork: true });
  try {
    const payer = new Wallet(LOCAL_FUNDED_KEY, provider);
    const authorization = await listener.authorize({
      address: contract,
      chainId: sc.chain.chainId,
      nonce: 0,
    });
    await (
      await payer.sendTransaction({
        type: 4,
        to: payer.address,
        authorizationList: [authorization],
        gasLimit: 100_000n,
      })
    ).wait();
    const code = await provider.getCode(listener.address);
    expect(code.toLowerCase()).toBe(`0xef0100${contract.slice(2).toLowerCase()}`);
  } finally {
    provider.destroy();
  }
}

/** `listener` (running Encore's delegate) favorites `track` in its own transaction, paid by a funded account's gift. */
async function favoriteDirectly(listener: BaseWallet, track: string): Promise<void> {
  const provider = new JsonRpcProvider(sc.chain.url, undefined, { staticNetwork: true });
  try {
    const payer = new Wallet(LOCAL_FUNDED_KEY, provider);
    await (await payer.sendTransaction({ to: listener.address, value: 10n ** 16n })).wait();
    const own = listener.connect(provider);
    const call = favorite(track);
    await (
      await own.sendTransaction({
        to: listener.address,
        data: encodeExecute([{ ...call, value: '0x0' }] as never),
      })
    ).wait();
  } finally {
    provider.destroy();
  }
}
