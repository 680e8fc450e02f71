// The demo's "Support the artist: 0.001 ETH a month", its server side on the local chain: the page's
// exact ERC-7715 request (demo/shared/support.ts) answered by the wallet's lib/permissions and
// signed by the listener's key, handed to the demo server's routes, which keep it and charge each
// period with the server's own session account through the DelegationManager, paying the artist;
// the clock moved a month by the development command (`npm run chain:advance`); the listener's
// revoke ends it. The command's own checks (durations, a non-local chain refused) are here too,
// on the same chain. One chain for the file.

import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { DelegationManager as delegationManagerAbi } from '@metamask/delegation-abis';
import { erc7715ProviderActions } from '@metamask/smart-accounts-kit/actions';
import { decodeDelegations } from '@metamask/smart-accounts-kit/utils';
import { Wallet } from 'ethers';
import { Hono } from 'hono';
import { createWalletClient, custom, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { hardhat } from 'viem/chains';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { advanceLocalClock, parseDuration } from '../../../chain/index.ts';
import type { SupportConfig } from '../../../demo/server/support/config.ts';
import { supportRoutes } from '../../../demo/server/support/routes.ts';
import {
  connectSupportChain,
  type SupportChain,
} from '../../../demo/server/support/support-chain.ts';
import { createSupporters } from '../../../demo/server/support/supporters.ts';
import { DEMO_TRACKS } from '../../../demo/shared/favorite.ts';
import {
  SUPPORT_AMOUNT_WEI,
  type SupportOffer,
  type SupportState,
  supportPermissionRequest,
} from '../../../demo/shared/support.ts';
import { startFakeNode } from '../../support/fake-node.ts';
import {
  DAY,
  type KeyedAccount,
  type PermissionsChain,
  publicClient,
  sessionClient,
  startPermissionsChain,
} from '../../support/permissions-chain.ts';
import { permissionsWallet } from '../../support/permissions-wallet.ts';

const ROOT = resolve(import.meta.dirname, '../../..');
const MONTH = 30 * DAY;
const track = DEMO_TRACKS[0];

let chain: PermissionsChain;
let session: KeyedAccount;
let supportChain: SupportChain;
let app: Hono;

beforeAll(async () => {
  chain = await startPermissionsChain();
  session = await chain.session();
  const framework = chain.sc.contracts.delegationFramework;
  const config: SupportConfig = {
    rpcUrl: chain.sc.chain.url,
    sessionKey: session.key,
    delegationManager: framework.delegationManager,
    nativeTokenPeriodTransferEnforcer: framework.caveatEnforcers.NativeTokenPeriodTransferEnforcer,
    timestampEnforcer: framework.caveatEnforcers.TimestampEnforcer,
  };
  supportChain = await connectSupportChain(config);
  app = new Hono();
  supportRoutes(app, { supporters: createSupporters(config, supportChain) });
}, 120_000);
afterAll(async () => {
  supportChain?.close();
  await chain?.stop();
});

async function call(method: 'GET' | 'POST', path: string, body?: unknown) {
  const response = await app.request(path, {
    method,
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

/** What the page does: the offer, the wallet's grant for the page's request, handed to the server. */
async function grantFromPage(fan: KeyedAccount, edit?: (request: Record<string, unknown>) => void) {
  const offer = (await call('GET', '/api/support/offer')).json as unknown as SupportOffer;
  const request = supportPermissionRequest(offer, fan.address) as unknown as Record<
    string,
    unknown
  >;
  edit?.(request);
  const [granted] = (await permissionsWallet(
    chain,
    fan,
  )({
    method: 'wallet_requestExecutionPermissions',
    params: [request],
  })) as { context: Hex; delegationManager: Hex }[];
  if (!granted) throw new Error('no grant');
  // What the page hands its server: the context and the manager, nothing else of the answer.
  return {
    offer,
    granted: { context: granted.context, delegationManager: granted.delegationManager },
  };
}

const balance = (address: string) => publicClient(chain.sc).getBalance({ address: address as Hex });

describe('"Support the artist": the demo server charges a month at a time', () => {
  it('offers its session account as the redeemer, on the chain, at the chain’s time', async () => {
    const { status, json } = await call('GET', '/api/support/offer');
    expect(status).toBe(200);
    expect(json).toEqual({
      redeemer: session.address,
      chainId: chain.sc.chain.chainId,
      delegationManager: chain.sc.contracts.delegationFramework.delegationManager,
      chainTime: await chain.now(),
    });
  });

  it("the page's request is, key for key, what the Smart Accounts Kit sends for the same permission", async () => {
    const offer = (await call('GET', '/api/support/offer')).json as unknown as SupportOffer;
    const listener = Wallet.createRandom().address as Hex;
    const sent: unknown[] = [];
    const kit = createWalletClient({
      chain: { ...hardhat, id: offer.chainId },
      transport: custom({
        request: async ({ method, params }: { method: string; params?: unknown }) => {
          sent.push({ method, params });
          throw new Error('only the request is looked at');
        },
      }),
    }).extend(erc7715ProviderActions());
    await expect(
      kit.requestExecutionPermissions([
        {
          chainId: offer.chainId,
          from: listener,
          to: offer.redeemer as Hex,
          expiry: offer.chainTime + 365 * DAY,
          permission: {
            type: 'native-token-periodic',
            isAdjustmentAllowed: false,
            data: {
              periodAmount: SUPPORT_AMOUNT_WEI,
              periodDuration: MONTH,
              startTime: offer.chainTime,
              justification: 'Support the artist: 0.001 ETH a month',
            },
          },
        },
      ]),
    ).rejects.toThrow();
    expect(sent).toEqual([
      {
        method: 'wallet_requestExecutionPermissions',
        params: [supportPermissionRequest(offer, listener)],
      },
    ]);
  });

  it('granted, charged, refused twice a month, charged again a month later, revoked, refused', async () => {
    const fan = await chain.listener();
    const { offer, granted } = await grantFromPage(fan);
    const before = await balance(track.artistWallet);

    const kept = await call('POST', '/api/support/grants', {
      listener: fan.address,
      trackId: track.id,
      ...granted,
    });
    expect(kept.status).toBe(201);
    expect(kept.json).toMatchObject({
      listener: fan.address,
      artist: track.artistWallet,
      amountWei: SUPPORT_AMOUNT_WEI.toString(),
      periodSeconds: MONTH,
      startTime: offer.chainTime,
      expiry: offer.chainTime + 365 * DAY,
      revoked: false,
      due: true,
      charges: [],
    });

    const first = await call('POST', `/api/support/grants/${fan.address}/charge`);
    expect(first.status).toBe(200);
    expect(await balance(track.artistWallet)).toBe(before + SUPPORT_AMOUNT_WEI);
    const afterFirst = first.json.state as SupportState;
    expect(afterFirst.due).toBe(false);
    expect(afterFirst.charges).toHaveLength(1);
    expect(afterFirst.nextChargeAt).toBe(offer.chainTime + MONTH);

    const again = await call('POST', `/api/support/grants/${fan.address}/charge`);
    expect(again.status).toBe(409);
    expect(again.json.code).toBe('SUPPORT_PERIOD_SPENT');
    expect(again.json.error).toMatch(/already been charged; the next charge can be made on \d{4}-/);

    // The development command moves the chain a month ahead: the next period is due.
    const moved = await advanceLocalClock(chain.sc.chain.url, parseDuration('30d') ?? 0);
    expect(moved.time).toBeGreaterThanOrEqual(offer.chainTime + MONTH);
    expect(
      ((await call('GET', `/api/support/grants/${fan.address}`)).json as unknown as SupportState)
        .due,
    ).toBe(true);
    const second = await call('POST', `/api/support/grants/${fan.address}/charge`);
    expect(second.status).toBe(200);
    expect((second.json.state as SupportState).charges).toHaveLength(2);
    expect(await balance(track.artistWallet)).toBe(before + 2n * SUPPORT_AMOUNT_WEI);

    // The listener revokes on chain; a month later the server cannot charge.
    const [delegation] = decodeDelegations(granted.context);
    if (!delegation) throw new Error('no delegation');
    const fanClient = sessionClient(chain.sc, fan.key);
    const revoke = await fanClient.writeContract({
      address: granted.delegationManager,
      abi: delegationManagerAbi,
      functionName: 'disableDelegation',
      args: [{ ...delegation, salt: BigInt(delegation.salt) } as never],
      chain: fanClient.chain,
      account: fanClient.account,
    });
    await publicClient(chain.sc).waitForTransactionReceipt({ hash: revoke });
    await chain.moveClock(MONTH);
    const refused = await call('POST', `/api/support/grants/${fan.address}/charge`);
    expect(refused.status).toBe(410);
    expect(refused.json).toEqual({
      code: 'SUPPORT_REVOKED',
      error: 'the listener revoked this permission: nothing can be charged',
    });
    const state = (await call('GET', `/api/support/grants/${fan.address}`)).json;
    expect(state).toMatchObject({ revoked: true, due: false, nextChargeAt: null });
    expect(await balance(track.artistWallet)).toBe(before + 2n * SUPPORT_AMOUNT_WEI);
  });

  it('attack: a context "from" a listener that the listener never signed is refused before it is kept', async () => {
    const fan = await chain.listener();
    const impostor = await chain.listener();
    // The impostor's own grant to the site, with the delegator rewritten to the listener: the
    // signature is the impostor's, so the chain would not redeem it (ERC-1271 at the listener).
    const { granted } = await grantFromPage(impostor);
    const [delegation] = decodeDelegations(granted.context);
    if (!delegation) throw new Error('no delegation');
    const { encodeDelegations } = await import('@metamask/smart-accounts-kit/utils');
    const forged = encodeDelegations([{ ...delegation, delegator: fan.address }]);
    const answer = await call('POST', '/api/support/grants', {
      listener: fan.address,
      trackId: track.id,
      context: forged,
      delegationManager: granted.delegationManager,
    });
    expect(answer.status).toBe(400);
    expect(answer.json).toEqual({
      code: 'SUPPORT_INVALID_GRANT',
      error: 'the chain would not redeem this permission: InvalidERC1271Signature',
    });
    expect((await call('GET', `/api/support/grants/${fan.address}`)).status).toBe(404);
  });

  it('refuses a permission other than the offer: another amount, another redeemer, another listener', async () => {
    const fan = await chain.listener();
    const bigger = await grantFromPage(fan, (request) => {
      const permission = request.permission as { data: { periodAmount: string } };
      permission.data.periodAmount = `0x${(SUPPORT_AMOUNT_WEI * 2n).toString(16)}`;
    });
    const elsewhere = await grantFromPage(fan, (request) => {
      request.to = Wallet.createRandom().address;
    });
    const honest = await grantFromPage(fan);
    const other = await chain.listener();
    for (const [granted, listener, why] of [
      [bigger.granted, fan.address, 'another amount per period'],
      [elsewhere.granted, fan.address, "it is not to the site's session account"],
      [honest.granted, other.address, 'it is not from the listener'],
    ] as const) {
      const answer = await call('POST', '/api/support/grants', {
        listener,
        trackId: track.id,
        ...granted,
      });
      expect(answer.status).toBe(400);
      expect(answer.json).toEqual({
        code: 'SUPPORT_NOT_OFFERED',
        error: `this is not the permission the site asked for: ${why}`,
      });
    }
  });

  it('a listener whose address is not an account yet (no delegate installed): refused, plainly', async () => {
    const key = generatePrivateKey();
    const plain = { key, address: privateKeyToAccount(key).address };
    const { granted } = await grantFromPage(plain);
    const answer = await call('POST', '/api/support/grants', {
      listener: plain.address,
      trackId: track.id,
      ...granted,
    });
    expect(answer.status).toBe(400);
    expect(answer.json).toEqual({
      code: 'SUPPORT_INVALID_GRANT',
      error:
        'this address is not a smart account yet, so nothing can be redeemed from it: make one sponsored call (a favorite) first, which installs it',
    });
  });

  it('answers bad input with the field, and a listener without a grant with 404', async () => {
    const bad = await call('POST', '/api/support/grants', {
      listener: '0x12',
      trackId: track.id,
      context: '0x00',
      delegationManager: chain.sc.contracts.delegationFramework.delegationManager,
    });
    expect(bad).toEqual({
      status: 400,
      json: {
        code: 'SUPPORT_BAD_REQUEST',
        error: 'listener: must be a 0x-prefixed 20-byte address',
      },
    });
    const junk = await call('POST', '/api/support/grants', {
      listener: Wallet.createRandom().address,
      trackId: track.id,
      context: '0x1234',
      delegationManager: chain.sc.contracts.delegationFramework.delegationManager,
    });
    expect(junk.json).toEqual({
      code: 'SUPPORT_BAD_REQUEST',
      error: 'context: not an ERC-7710 permission context',
    });
    const none = await call('POST', `/api/support/grants/${Wallet.createRandom().address}/charge`);
    expect(none.status).toBe(404);
    expect(none.json.code).toBe('SUPPORT_NO_GRANT');
  });
});

describe('npm run chain:advance', () => {
  it('moves the local chain ahead, mines a block and prints the new chain time', async () => {
    const before = await chain.now();
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', resolve(ROOT, 'chain/advance.ts'), '2h'],
      { cwd: ROOT, env: { ...process.env, CHAIN_RPC_URL: chain.sc.chain.url } },
    );
    const after = await chain.now();
    expect(after - before).toBeGreaterThanOrEqual(2 * 3600);
    expect(after - before).toBeLessThan(2 * 3600 + 60);
    expect(stdout).toContain(`chain time ${new Date(after * 1000).toISOString()}`);
  });

  it('reads durations: a month by default, days, hours, minutes, seconds; refuses 0 and junk', () => {
    expect(parseDuration('30d')).toBe(30 * DAY);
    expect(parseDuration('12h')).toBe(12 * 3600);
    expect(parseDuration('90m')).toBe(90 * 60);
    expect(parseDuration('45')).toBe(45);
    for (const junk of ['0', '0d', '-1d', '1w', '1.5d', '', '3651d']) {
      expect(parseDuration(junk)).toBeNull();
    }
  });

  it('refuses a chain that is not a local Hardhat chain, and moves nothing there', async () => {
    const asked: string[] = [];
    const node = await startFakeNode((method) => {
      asked.push(method);
      if (method === 'eth_chainId') return { result: '0x1' };
      if (method === 'web3_clientVersion') return { result: 'Geth/v1.14.0' };
      return { result: null };
    });
    try {
      await expect(advanceLocalClock(node.url, DAY)).rejects.toThrow(
        /is not a local development chain \(chain id 1, Geth/,
      );
      expect(asked).not.toContain('evm_increaseTime');
      expect(asked).not.toContain('evm_mine');
    } finally {
      await node.close();
    }
  });
});
