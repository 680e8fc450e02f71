import { limitKey } from '@encore-wallet/utils/http';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { configFromEnv } from '../src/config-from-env.ts';
import { ServerConfigError } from '../src/errors.ts';
import { clientAddress } from '../src/http/client-address.ts';
import { createOriginMatcher } from '../src/http/origin-matcher.ts';

describe('origin matcher', () => {
  it('matches exact origins case-insensitively, ignoring a trailing slash in the pattern', () => {
    const allowed = createOriginMatcher(['https://Music.example/', 'http://127.0.0.1:8800']);
    expect(allowed('https://music.example')).toBe(true);
    expect(allowed('http://127.0.0.1:8800')).toBe(true);
    expect(allowed('http://127.0.0.1:8801')).toBe(false);
    expect(allowed('https://music.example.evil')).toBe(false);
  });

  it('matches scheme wildcards, requiring a real extension id for chrome-extension', () => {
    const allowed = createOriginMatcher(['chrome-extension://*']);
    expect(allowed(`chrome-extension://${'a'.repeat(32)}`)).toBe(true);
    expect(allowed(`chrome-extension://${'z'.repeat(32)}`)).toBe(false);
    expect(allowed(`chrome-extension://${'a'.repeat(32)}/x`)).toBe(false);
  });

  it('matches moz-extension wildcards only for a real Firefox add-on uuid', () => {
    const allowed = createOriginMatcher(['moz-extension://*']);
    expect(allowed('moz-extension://0f1e2d3c-4b5a-4978-8695-a4b3c2d1e0f9')).toBe(true);
    expect(allowed('MOZ-EXTENSION://0F1E2D3C-4B5A-4978-8695-A4B3C2D1E0F9')).toBe(true);
    expect(allowed('moz-extension://evil.example')).toBe(false);
    expect(allowed('moz-extension://0f1e2d3c-4b5a-4978-8695-a4b3c2d1e0f9.evil.example')).toBe(
      false,
    );
    expect(allowed(`chrome-extension://${'a'.repeat(32)}`)).toBe(false);
    expect(allowed('https://music.example')).toBe(false);
  });
});

describe('limitKey', () => {
  it('keeps IPv4, unwraps mapped IPv4 and groups IPv6 by /64', () => {
    expect(limitKey('203.0.113.9')).toBe('203.0.113.9');
    expect(limitKey('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(limitKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(limitKey('2001:0db8:0001:0002:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(limitKey('::1')).toBe('0:0:0:0::/64');
  });
});

describe('clientAddress behind trusted proxies', () => {
  /** The address a request is limited by, arriving from `socket` with `forwarded` as its XFF. */
  async function limitedAs(trustProxy: number, forwarded: string | null, socket = '10.0.0.2') {
    const app = new Hono().get('/', (c) => c.text(clientAddress(c, trustProxy)));
    const headers: Record<string, string> =
      forwarded === null ? {} : { 'x-forwarded-for': forwarded };
    const env = { incoming: { socket: { remoteAddress: socket, remoteFamily: 'IPv4' } } };
    return (await app.request('/', { headers }, env)).text();
  }

  it('takes the entry the trusted proxy wrote, never one the client put further left', async () => {
    expect(await limitedAs(0, '1.1.1.1')).toBe('10.0.0.2');
    expect(await limitedAs(1, '1.1.1.1, 203.0.113.9')).toBe('203.0.113.9');
    expect(await limitedAs(2, '1.1.1.1, 203.0.113.9, 10.0.0.1')).toBe('203.0.113.9');
    expect(await limitedAs(1, null)).toBe('10.0.0.2');
  });

  it('attack: a port the proxy wrote, new for each connection, is not a fresh budget', async () => {
    const keys = new Set<string>();
    for (const port of [51234, 51235, 60000]) {
      keys.add(await limitedAs(1, `203.0.113.9:${port}`));
      keys.add(await limitedAs(1, `[2001:db8:1:2::7]:${port}`));
    }
    expect([...keys].sort()).toEqual(['2001:db8:1:2::/64', '203.0.113.9']);
  });

  it('attack: with fewer entries than trusted proxies, the client’s own leftmost entry counts for nothing', async () => {
    // Three proxies configured, the request came through one, with an entry of the client's own
    // before the proxy's: a new one each time would be a new budget each time.
    const keys = new Set<string>();
    for (let i = 0; i < 5; i++) keys.add(await limitedAs(3, `198.51.100.${i}, 203.0.113.9`));
    expect([...keys]).toEqual(['203.0.113.9']);
  });
});

describe('configFromEnv', () => {
  it('applies the defaults', () => {
    expect(configFromEnv({})).toEqual({
      port: 8787,
      host: '127.0.0.1',
      databaseUrl: undefined,
      corsOrigins: undefined,
      rateLimit: {
        windowSeconds: 60,
        perAddress: 10,
        perLookupKey: 10,
        writesPerAddress: 20,
        writesPerLookupKey: 10,
        sponsorPerAddress: 60,
      },
      trustProxy: 0,
    });
  });

  it('reads every variable', () => {
    const config = configFromEnv({
      PORT: '9000',
      HOST: '0.0.0.0',
      DATABASE_URL: 'postgres://db/encore',
      CORS_ORIGINS: 'chrome-extension://*, https://music.example',
      RATE_LIMIT_PER_MINUTE: '30',
      RATE_LIMIT_PER_LOOKUP_KEY: '5',
      RATE_LIMIT_WRITES_PER_ADDRESS: '7',
      RATE_LIMIT_WRITES_PER_LOOKUP_KEY: '3',
      TRUST_PROXY: '2',
    });
    expect(config).toMatchObject({
      port: 9000,
      host: '0.0.0.0',
      databaseUrl: 'postgres://db/encore',
      corsOrigins: ['chrome-extension://*', 'https://music.example'],
      rateLimit: {
        windowSeconds: 60,
        perAddress: 30,
        perLookupKey: 5,
        writesPerAddress: 7,
        writesPerLookupKey: 3,
      },
      trustProxy: 2,
    });
  });

  it('keeps the write limits apart from RATE_LIMIT_PER_MINUTE', () => {
    // Raising lookups (a busy login page) must not raise how fast POST can be used to guess.
    expect(configFromEnv({ RATE_LIMIT_PER_MINUTE: '500' }).rateLimit).toMatchObject({
      perAddress: 500,
      perLookupKey: 500,
      writesPerAddress: 20,
      writesPerLookupKey: 10,
    });
  });

  it('refuses values that are not integers in range', () => {
    expect(() => configFromEnv({ RATE_LIMIT_PER_MINUTE: 'ten' })).toThrow(ServerConfigError);
    expect(() => configFromEnv({ PORT: '70000' })).toThrow(/PORT must be an integer/);
    expect(() => configFromEnv({ RATE_LIMIT_WRITES_PER_ADDRESS: '0' })).toThrow(
      /^RATE_LIMIT_WRITES_PER_ADDRESS must be an integer from 1 to/,
    );
    expect(() => configFromEnv({ RATE_LIMIT_WRITES_PER_LOOKUP_KEY: '2.5' })).toThrow(
      /^RATE_LIMIT_WRITES_PER_LOOKUP_KEY must be an integer from 1 to/,
    );
  });
});

describe('funding configuration', () => {
  const on = {
    FUNDING_RPC_URL: 'http://127.0.0.1:8545',
    FUNDING_KEY: `0x${'ab'.repeat(32)}`,
    FUNDING_AMOUNT_WEI: '1000000000000000',
  };

  it('is off by default, and reads every variable when on', () => {
    expect(configFromEnv({}).funding).toBeUndefined();
    expect(
      configFromEnv({ ...on, FUNDING_PER_CLIENT_PER_DAY: '2', FUNDING_PER_DAY: '50' }).funding,
    ).toEqual({
      rpcUrl: 'http://127.0.0.1:8545',
      privateKey: on.FUNDING_KEY,
      amountWei: 10n ** 15n,
      perClientPerDay: 2,
      perDay: 50,
      retrySeconds: 30,
      maxGasPriceWei: 100n * 10n ** 9n,
    });
    expect(configFromEnv({ ...on, FUNDING_MAX_GAS_PRICE_WEI: '2000000000' }).funding).toMatchObject(
      {
        maxGasPriceWei: 2n * 10n ** 9n,
      },
    );
  });

  it('refuses half a configuration and bad values, naming the variable', () => {
    expect(() => configFromEnv({ FUNDING_RPC_URL: on.FUNDING_RPC_URL })).toThrow(
      /funding needs FUNDING_KEY and FUNDING_AMOUNT_WEI as well/,
    );
    const bad = (env: Record<string, string>) => () => configFromEnv({ ...on, ...env });
    expect(bad({ FUNDING_AMOUNT_WEI: '0' })).toThrow(/^FUNDING_AMOUNT_WEI:/);
    expect(bad({ FUNDING_AMOUNT_WEI: '1e18' })).toThrow(ServerConfigError);
    expect(bad({ FUNDING_KEY: '0x12' })).toThrow(/^FUNDING_KEY:/);
    expect(bad({ FUNDING_RPC_URL: 'ftp://chain' })).toThrow(/^FUNDING_RPC_URL:/);
    expect(bad({ FUNDING_PER_DAY: '0' })).toThrow(/^FUNDING_PER_DAY:/);
    expect(bad({ FUNDING_MAX_GAS_PRICE_WEI: '0' })).toThrow(/^FUNDING_MAX_GAS_PRICE_WEI:/);
    expect(bad({ FUNDING_MAX_GAS_PRICE_WEI: '100 gwei' })).toThrow(/^FUNDING_MAX_GAS_PRICE_WEI:/);
  });
});
