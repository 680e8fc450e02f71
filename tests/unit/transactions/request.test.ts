import { describe, expect, it } from 'vitest';
import { MAX_DATA_BYTES, transactionRequestSchema } from '../../../lib/transactions/index.ts';
import { OTHER, SENDER } from './support.ts';

const parse = (value: unknown) => transactionRequestSchema().safeParse(value);
const problems = (value: unknown): string[] => {
  const result = parse(value);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('a site transaction request', () => {
  it('reads an EIP-1559 request, quantities as bigints and data in lower case', () => {
    const result = parse({
      from: SENDER,
      to: OTHER,
      value: '0xde0b6b3a7640000',
      data: '0xA9059CBB',
      gas: '0x5208',
      maxFeePerGas: '0x3b9aca00',
      maxPriorityFeePerGas: '0x1',
      nonce: '0x7',
      chainId: '0x7a69',
      type: '0x2',
    });
    expect(result.success).toBe(true);
    expect(result.data).toMatchObject({
      to: OTHER,
      value: 10n ** 18n,
      data: '0xa9059cbb',
      gas: 21_000n,
      maxFeePerGas: 1_000_000_000n,
      nonce: 7,
      chainId: 31_337,
      type: 2,
    });
  });

  it('reads the legacy spelling (input, gasLimit, gasPrice) and a missing to as a creation', () => {
    const result = parse({ from: SENDER, input: '0x6080', gasLimit: '0x1', gasPrice: '0x2' });
    expect(result.data).toMatchObject({ to: null, data: '0x6080', gas: 1n, gasPrice: 2n });
  });

  it('refuses unknown fields, so nothing a site sends is silently dropped', () => {
    expect(problems({ from: SENDER, to: OTHER, authorizationList: [] })).toEqual([
      expect.stringContaining('authorizationList'),
    ]);
  });

  it('refuses transaction types other than legacy and EIP-1559 (blobs, EIP-7702)', () => {
    expect(problems({ from: SENDER, to: OTHER, type: '0x4' })[0]).toContain('type');
    expect(problems({ from: SENDER, to: OTHER, type: '0x3' })[0]).toContain('type');
  });

  it('refuses contradictions: data and input, gas and gasLimit, legacy and dynamic fees', () => {
    expect(problems({ from: SENDER, to: OTHER, data: '0x01', input: '0x02' })[0]).toContain(
      'input',
    );
    expect(problems({ from: SENDER, to: OTHER, gas: '0x1', gasLimit: '0x2' })[0]).toContain(
      'gasLimit',
    );
    expect(
      problems({ from: SENDER, to: OTHER, gasPrice: '0x1', maxFeePerGas: '0x1' })[0],
    ).toContain('gasPrice');
    expect(problems({ from: SENDER, to: OTHER, type: '0x0', maxFeePerGas: '0x1' })[0]).toContain(
      'type',
    );
    expect(
      problems({ from: SENDER, to: OTHER, maxFeePerGas: '0x1', maxPriorityFeePerGas: '0x2' })[0],
    ).toContain('maxPriorityFeePerGas');
  });

  it('names the malformed field', () => {
    expect(problems({ to: OTHER })[0]).toMatch(/^from:/);
    expect(problems({ from: '0x12', to: OTHER })[0]).toMatch(/^from: must be a 0x-prefixed/);
    expect(problems({ from: SENDER, to: OTHER, value: 12 })[0]).toMatch(/^value: must be a 0x/);
    expect(problems({ from: SENDER, to: OTHER, value: `0x1${'0'.repeat(64)}` })[0]).toMatch(
      /^value/,
    );
    expect(problems({ from: SENDER, to: OTHER, data: '0xabc' })[0]).toMatch(/^data: .*even/);
    expect(problems({ from: SENDER, to: OTHER, gas: '0xffffffffffffff' })[0]).toMatch(/^gas: /);
  });

  it('refuses call data larger than a node accepts', () => {
    const data = `0x${'00'.repeat(MAX_DATA_BYTES + 1)}`;
    expect(problems({ from: SENDER, to: OTHER, data })[0]).toMatch(/^data: must be at most/);
  });
});
