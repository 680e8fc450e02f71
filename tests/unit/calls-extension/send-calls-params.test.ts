// wallet_sendCalls' parameter: the shape viem sends, capabilities Encore does not know (5700
// unless optional), the sponsor capability read strictly, and the batch's limits (5740).
import { describe, expect, it } from 'vitest';
import {
  readSendCalls,
  sendCallsSchema,
  UnsupportedCapabilityError,
} from '../../../lib/extension/calls/index.ts';

const FROM = '0x1111111111111111111111111111111111111111';
const TO = '0x2222222222222222222222222222222222222222';
const SPONSOR = { sponsorService: { url: 'http://127.0.0.1:8787/sponsor' } };

const params = (overrides: Record<string, unknown> = {}) =>
  sendCallsSchema().parse({
    version: '2.0.0',
    from: FROM,
    chainId: '0x7a69',
    atomicRequired: true,
    calls: [{ to: TO, data: '0x12345678' }],
    capabilities: SPONSOR,
    ...overrides,
  });

describe('wallet_sendCalls params', () => {
  it('reads what viem sends: the chain as a number, the calls canonical, the sponsor', () => {
    const read = readSendCalls(params({ calls: [{ to: TO, value: '0x1', data: '0xAB' }] }));
    expect(read.sponsor).toEqual({ url: 'http://127.0.0.1:8787/sponsor' });
    expect(read.calls).toEqual([{ to: TO, value: 1n, data: '0xab' }]);
    expect(params().chainId).toBe(31337);
  });

  it('refuses a capability it does not know (5700), and ignores one marked optional', () => {
    expect(() => readSendCalls(params({ capabilities: { ...SPONSOR, permissions: {} } }))).toThrow(
      UnsupportedCapabilityError,
    );
    expect(() =>
      readSendCalls(params({ calls: [{ to: TO, capabilities: { permissions: {} } }] })),
    ).toThrow(UnsupportedCapabilityError);
    const read = readSendCalls(
      params({ capabilities: { ...SPONSOR, permissions: { optional: true } } }),
    );
    expect(read.sponsor).not.toBeNull();
    try {
      readSendCalls(params({ capabilities: { auxiliaryFunds: {} } }));
    } catch (error) {
      expect(error).toMatchObject({ code: 5700 });
    }
  });

  it('reads ERC-7677 paymasterService: the URL and the context passed through, nothing else', () => {
    const context = { policyId: 'fan-actions', nested: { a: [1, 2] } };
    const read = readSendCalls(
      params({
        capabilities: { paymasterService: { url: 'https://pm.example/rpc', context } },
      }),
    );
    expect(read.paymaster).toEqual({ url: 'https://pm.example/rpc', context });
    expect(read.sponsor).toBeNull();
  });

  it('refuses a paymasterService naming its own EntryPoint or delegate, or too much context', () => {
    for (const extra of [
      { entryPoint: '0x0000000071727De22E5E9d8BAf0edAc6f37da032' },
      { delegate: '0x3333333333333333333333333333333333333333' },
      { bundlerUrl: 'https://bundler.example' },
    ]) {
      expect(() =>
        readSendCalls(
          params({ capabilities: { paymasterService: { url: 'https://pm.example', ...extra } } }),
        ),
      ).toThrow(/capabilities\.paymasterService does not take/);
    }
    expect(() =>
      readSendCalls(
        params({
          capabilities: {
            paymasterService: { url: 'https://pm.example', context: { blob: 'x'.repeat(5000) } },
          },
        }),
      ),
    ).toThrow(expect.objectContaining({ code: -32602 }));
    expect(() =>
      readSendCalls(
        params({ capabilities: { ...SPONSOR, paymasterService: { url: 'https://pm.example' } } }),
      ),
    ).toThrow(/one payer/);
  });

  it('reads the sponsor strictly: http(s) without credentials', () => {
    expect(() =>
      readSendCalls(params({ capabilities: { sponsorService: { url: 'javascript:alert(1)' } } })),
    ).toThrow(expect.objectContaining({ code: -32602 }));
    expect(() =>
      readSendCalls(
        params({ capabilities: { sponsorService: { url: 'https://u:p@sponsor.example' } } }),
      ),
    ).toThrow(/capabilities\.sponsorService/);
  });

  it('refuses unknown fields, another version and more calls than a batch holds', () => {
    expect(sendCallsSchema().safeParse({ ...params(), extra: 1 }).success).toBe(false);
    expect(
      sendCallsSchema().safeParse({
        version: '3.0',
        from: FROM,
        chainId: '0x1',
        atomicRequired: true,
        calls: [],
      }).success,
    ).toBe(false);
    expect(() =>
      readSendCalls(params({ calls: Array.from({ length: 17 }, () => ({ to: TO })) })),
    ).toThrow(/at most 16 calls/);
    expect(() => readSendCalls(params({ calls: [{ data: '0x' }] }))).toThrow(/calls\[0\]\.to/);
  });
});
