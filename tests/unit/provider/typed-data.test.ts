import { describe, expect, it } from 'vitest';
import {
  formatTypedDataPath,
  MAX_TYPED_DATA_ARRAY_LENGTH,
  MAX_TYPED_DATA_BYTES,
  MAX_TYPED_DATA_DEPTH,
  normaliseTypedData,
  TypedDataError,
} from '../../../lib/eip/index.ts';
import { ACCEPTED, HOSTILE, relayed } from './support/typed-data-examples.ts';

function refusal(raw: unknown): { path: string; problem: string } {
  try {
    normaliseTypedData(raw);
  } catch (error) {
    if (!(error instanceof TypedDataError)) throw error;
    return { path: formatTypedDataPath(error.path), problem: error.problem };
  }
  throw new Error('expected the typed data to be refused');
}

/** One struct nested `levels` deep below the message: L0 { n: L1 }, …, Lk { v: uint8 }. */
function nested(levels: number): unknown {
  const types: Record<string, { name: string; type: string }[]> = {};
  for (let i = 0; i < levels; i++) types[`L${i}`] = [{ name: 'n', type: `L${i + 1}` }];
  types[`L${levels}`] = [{ name: 'v', type: 'uint8' }];
  let message: Record<string, unknown> = { v: 1 };
  for (let i = 0; i < levels; i++) message = { n: message };
  return { types, primaryType: 'L0', domain: {}, message };
}

describe('typed data: what a site sends is refused unless every value fits its declared type', () => {
  for (const example of HOSTILE) {
    it(`refuses ${example.name}, naming ${example.path}`, () => {
      const { path, problem } = refusal(example.raw);
      expect(path).toBe(example.path);
      expect(problem).toMatch(example.problem);
    });
  }
});

describe('typed data: accepted data comes back in one canonical form', () => {
  for (const example of ACCEPTED) {
    it(`normalises ${example.name}`, () => {
      const normalised = normaliseTypedData(example.raw);
      expect(normalised).toEqual(example.normalised);
      // Declared order, not the order the site happened to send.
      expect(Object.keys(normalised.message)).toEqual(Object.keys(example.normalised.message));
    });
  }

  it('keeps a field named __proto__ as data, never as a prototype', () => {
    const raw = `{"types":{"Box":[{"name":"__proto__","type":"uint8"}]},"primaryType":"Box","domain":{},"message":{"__proto__":7}}`;
    const { message } = normaliseTypedData(raw);
    expect(Object.hasOwn(message, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(message)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(message, '__proto__')?.value).toBe('7');
  });
});

describe('typed data: size limits', () => {
  const memo = (text: string) => ({ ...relayed(), message: { ...relayed().message, memo: text } });

  it(`refuses more than ${MAX_TYPED_DATA_BYTES} bytes of JSON, as text or as an object`, () => {
    const big = memo('a'.repeat(MAX_TYPED_DATA_BYTES));
    expect(refusal(big)).toEqual({ path: 'typedData', problem: expect.stringMatching(/larger/) });
    expect(refusal(JSON.stringify(big)).problem).toMatch(/larger than 65536 bytes/);
    // Counted in UTF-8 bytes, not characters: 30,000 euro signs are 90,000 bytes.
    expect(refusal(memo('€'.repeat(30_000))).problem).toMatch(/larger/);
    expect(normaliseTypedData(memo('a'.repeat(60_000))).message.memo).toHaveLength(60_000);
  });

  it(`accepts ${MAX_TYPED_DATA_DEPTH} levels of nesting and refuses one more`, () => {
    expect(() => normaliseTypedData(nested(MAX_TYPED_DATA_DEPTH))).not.toThrow();
    const { path, problem } = refusal(nested(MAX_TYPED_DATA_DEPTH + 1));
    expect(path).toBe(`typedData.message${'.n'.repeat(MAX_TYPED_DATA_DEPTH + 1)}`);
    expect(problem).toMatch(/nests deeper than 16 levels/);
    const dims = '[]'.repeat(MAX_TYPED_DATA_DEPTH + 1);
    const arrays = {
      types: { Box: [{ name: 'v', type: `uint8${dims}` }] },
      primaryType: 'Box',
      domain: {},
      message: { v: [] },
    };
    expect(refusal(arrays)).toEqual({
      path: 'typedData.types.Box[0].type',
      problem: 'has more than 16 array dimensions',
    });
  });

  it(`refuses arrays longer than ${MAX_TYPED_DATA_ARRAY_LENGTH} elements, sent or declared`, () => {
    const list = (type: string, length: number) => ({
      types: { Box: [{ name: 'v', type }] },
      primaryType: 'Box',
      domain: {},
      message: { v: Array.from({ length }, () => 1) },
    });
    expect(() => normaliseTypedData(list('uint8[]', MAX_TYPED_DATA_ARRAY_LENGTH))).not.toThrow();
    expect(refusal(list('uint8[]', MAX_TYPED_DATA_ARRAY_LENGTH + 1))).toEqual({
      path: 'typedData.message.v',
      problem: 'has more than 1024 elements',
    });
    expect(refusal(list('uint8[1025]', 1025)).path).toBe('typedData.types.Box[0].type');
  });

  it('refuses data that is not typed data at all', () => {
    expect(refusal('{oops').problem).toMatch(/not valid JSON/);
    expect(refusal(42).problem).toMatch(/must be typed data/);
    expect(refusal(['types']).problem).toMatch(/must be typed data/);
    expect(refusal({ types: [], primaryType: 'A', domain: {}, message: {} }).path).toBe(
      'typedData.types',
    );
  });
});
