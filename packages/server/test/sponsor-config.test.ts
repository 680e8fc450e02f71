import { describe, expect, it } from 'vitest';
import { ServerConfigError } from '../src/errors.ts';
import { parseAllowedCall } from '../src/sponsor/allowed-calls.ts';
import { sponsorFromEnv } from '../src/sponsor/sponsor-config.ts';

const FAN = '0xDc64a140Aa3E981100a9becA4E685f962f0cF6C9';
const ENV = {
  SPONSOR_RPC_URL: 'http://127.0.0.1:8545',
  SPONSOR_KEY: `0x${'ab'.repeat(32)}`,
  SPONSOR_ENTRY_POINT: '0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0',
  SPONSOR_DELEGATE: '0xCf7Ed3AccA5a467e9e704C703E8D87F634fB0Fc9',
  SPONSOR_ALLOWED_CALLS: `${FAN}:favorite(string), ${FAN.toLowerCase()}:0x390DEB17`,
};

describe('the sponsor service’s configuration (SPONSOR_*)', () => {
  it('is off when no variable is set', () => {
    expect(sponsorFromEnv({})).toBeUndefined();
  });

  it('reads every variable, with the defaults for budgets and limits', () => {
    expect(sponsorFromEnv(ENV)).toEqual({
      rpcUrl: 'http://127.0.0.1:8545',
      privateKey: ENV.SPONSOR_KEY,
      entryPoint: ENV.SPONSOR_ENTRY_POINT,
      delegate: ENV.SPONSOR_DELEGATE,
      allowedCalls: [
        { contract: FAN, selector: '0x5191bf75', label: 'favorite(string)' },
        { contract: FAN, selector: '0x390deb17', label: '0x390DEB17' },
      ],
      perListenerPerDay: 20,
      perClientPerDay: 50,
      perDay: 1000,
      maxGas: 500_000n,
      maxFeePerGas: 100_000_000_000n,
      maxCalls: 8,
      maxDeadlineSeconds: 3600,
    });
    expect(
      sponsorFromEnv({
        ...ENV,
        SPONSOR_PER_DAY: '5',
        SPONSOR_MAX_GAS: '900000',
        SPONSOR_MAX_CALLS: '2',
        SPONSOR_MAX_FEE_PER_GAS: '2000000000',
      }),
    ).toMatchObject({ perDay: 5, maxGas: 900_000n, maxCalls: 2, maxFeePerGas: 2_000_000_000n });
  });

  it.each([
    [{ SPONSOR_KEY: undefined }, 'the sponsor service needs SPONSOR_KEY as well'],
    [{ SPONSOR_RPC_URL: 'ftp://chain' }, 'SPONSOR_RPC_URL: must be an http(s) URL'],
    [{ SPONSOR_KEY: '0x1234' }, 'SPONSOR_KEY: must be 0x followed by 64 hex digits'],
    [
      { SPONSOR_DELEGATE: '0xcF7Ed3AccA5a467e9e704C703E8D87F634fB0Fc9' },
      'SPONSOR_DELEGATE: has a wrong EIP-55 checksum',
    ],
    [
      { SPONSOR_ALLOWED_CALLS: `${FAN}` },
      `SPONSOR_ALLOWED_CALLS: "${FAN}" is not address:function`,
    ],
    [
      { SPONSOR_ALLOWED_CALLS: `${FAN}:favorite(` },
      'is neither a function signature nor a 4-byte selector',
    ],
    [{ SPONSOR_ALLOWED_CALLS: ' , ' }, 'SPONSOR_ALLOWED_CALLS: lists no call'],
    [{ SPONSOR_PER_DAY: '0' }, 'SPONSOR_PER_DAY'],
    [{ SPONSOR_MAX_GAS: '50000' }, 'SPONSOR_MAX_GAS'],
    [{ SPONSOR_MAX_FEE_PER_GAS: '0' }, 'SPONSOR_MAX_FEE_PER_GAS'],
    [{ SPONSOR_MAX_FEE_PER_GAS: '1.5' }, 'SPONSOR_MAX_FEE_PER_GAS'],
  ])('stops the start on %j, naming the variable', (change, message) => {
    expect(() => sponsorFromEnv({ ...ENV, ...change })).toThrow(ServerConfigError);
    expect(() => sponsorFromEnv({ ...ENV, ...change })).toThrow(message);
  });

  it('normalises a function signature to its canonical form and selector', () => {
    expect(parseAllowedCall(`${FAN}:follow( string )`)).toEqual({
      contract: FAN,
      selector: '0x390deb17',
      label: 'follow(string)',
    });
  });
});
