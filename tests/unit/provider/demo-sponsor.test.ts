import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { siteSponsorConfigFromEnv } from '../../../demo/server/sponsor/config.ts';
import { type SiteSponsor, siteSponsorRoutes } from '../../../demo/server/sponsor/routes.ts';

// The demo site's sponsor: the page names the site's own URL in wallet_sendCalls (so the wallet
// says the site pays), and the site passes checked JSON-RPC requests to the upstream sponsor.

const FAN = '0xDc64a140Aa3E981100a9becA4E685f962f0cF6C9';
const SPONSOR: SiteSponsor = {
  chainId: 31337,
  config: {
    upstreamUrl: 'http://127.0.0.1:8787/sponsor',
    fanActionsAddress: FAN,
    rpcUrl: 'http://127.0.0.1:8545',
    publicRpcUrl: 'http://127.0.0.1:8545',
    paymasterUrl: null,
  },
};

function site(sponsor: SiteSponsor | null, upstream?: typeof fetch) {
  const forwarded: { url: string; body: unknown }[] = [];
  const app = new Hono();
  siteSponsorRoutes(app, {
    sponsor,
    fetch:
      upstream ??
      (async (url, init) => {
        forwarded.push({ url: String(url), body: JSON.parse(String(init?.body)) });
        return new Response(JSON.stringify({ jsonrpc: '2.0', id: 1, result: '0x7a69' }), {
          status: 200,
          headers: { 'retry-after': '5' },
        });
      }),
  });
  return { app, forwarded };
}

const post = (app: Hono, body: unknown) =>
  app.request('http://127.0.0.1:8800/api/sponsor', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

describe("the demo site's sponsor", () => {
  it('tells the page its chain, contract, and its own URL as the sponsor', async () => {
    const { app } = site(SPONSOR);
    const response = await app.request('http://127.0.0.1:8800/api/sponsor/config');
    expect(await response.json()).toEqual({
      chainId: 31337,
      fanActions: FAN,
      sponsorUrl: 'http://127.0.0.1:8800/api/sponsor',
      rpcUrl: 'http://127.0.0.1:8545',
      paymasterUrl: null,
    });
  });

  it('names its ERC-7677 paymaster when PAYMASTER_URL is set, for the page to pass to sendCalls', async () => {
    const config = siteSponsorConfigFromEnv({
      SPONSOR_URL: 'http://127.0.0.1:8787/sponsor',
      FAN_ACTIONS_ADDRESS: FAN,
      CHAIN_RPC_URL: 'http://127.0.0.1:8545',
      PAYMASTER_URL: 'http://127.0.0.1:8787/paymaster',
    });
    expect(config?.paymasterUrl).toBe('http://127.0.0.1:8787/paymaster');
    const { app } = site({ chainId: 31337, config: config ?? SPONSOR.config });
    const response = await app.request('http://127.0.0.1:8800/api/sponsor/config');
    expect(await response.json()).toMatchObject({
      paymasterUrl: 'http://127.0.0.1:8787/paymaster',
    });
  });

  it('passes a bundler request to the upstream sponsor and its answer back as it is', async () => {
    const { app, forwarded } = site(SPONSOR);
    const request = { jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] };
    const response = await post(app, request);
    expect(response.status).toBe(200);
    expect(response.headers.get('retry-after')).toBe('5');
    expect(await response.json()).toEqual({ jsonrpc: '2.0', id: 1, result: '0x7a69' });
    expect(forwarded).toEqual([{ url: SPONSOR.config.upstreamUrl, body: request }]);
  });

  it('refuses anything but one bundler request, and forwards nothing then', async () => {
    const { app, forwarded } = site(SPONSOR);
    for (const [body, message] of [
      ['not json', /body/],
      [{ jsonrpc: '2.0', id: 1, method: 'eth_sendRawTransaction', params: [] }, /method/],
      [
        { jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [], extra: 1 },
        /extra|Unrecognized/,
      ],
      [[{ jsonrpc: '2.0', id: 1, method: 'eth_chainId' }], /body|expected object/],
    ] as const) {
      const response = await post(app, body);
      expect(response.status).toBe(400);
      const answer = (await response.json()) as { error: { code: number; message: string } };
      expect(answer.error.code).toBe(-32600);
      expect(answer.error.message).toMatch(message);
    }
    expect(forwarded).toEqual([]);
  });

  it('says plainly when it sponsors nothing, or its upstream is unreachable', async () => {
    const off = site(null).app;
    expect((await off.request('http://127.0.0.1:8800/api/sponsor/config')).status).toBe(503);
    const request = { jsonrpc: '2.0', id: 7, method: 'eth_chainId' };
    expect((await post(off, request)).status).toBe(503);
    const down = site(SPONSOR, async () => {
      throw new TypeError('fetch failed');
    }).app;
    const response = await post(down, request);
    expect(response.status).toBe(502);
    expect(await response.json()).toMatchObject({
      id: 7,
      error: { message: "the site's sponsor service is unreachable" },
    });
  });

  it('is configured all or none from the environment', () => {
    expect(siteSponsorConfigFromEnv({})).toBeNull();
    expect(() =>
      siteSponsorConfigFromEnv({ SPONSOR_URL: 'http://127.0.0.1:8787/sponsor' }),
    ).toThrow(/FAN_ACTIONS_ADDRESS and CHAIN_RPC_URL/);
    expect(() =>
      siteSponsorConfigFromEnv({
        SPONSOR_URL: 'ftp://x',
        FAN_ACTIONS_ADDRESS: FAN,
        CHAIN_RPC_URL: 'http://127.0.0.1:8545',
      }),
    ).toThrow(/SPONSOR_URL/);
    expect(
      siteSponsorConfigFromEnv({
        SPONSOR_URL: 'http://127.0.0.1:8787/sponsor',
        FAN_ACTIONS_ADDRESS: FAN,
        CHAIN_RPC_URL: 'http://127.0.0.1:8545',
      }),
    ).toEqual(SPONSOR.config);
  });
});
