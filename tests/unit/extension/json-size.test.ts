import { describe, expect, it } from 'vitest';
import { jsonLongerThan } from '../../../lib/extension/node/json-size.ts';

describe('jsonLongerThan: a site’s params measured only up to the limit', () => {
  const samples: unknown[] = [
    [],
    [
      { to: `0x${'a'.repeat(40)}`, data: '0x' },
      'latest',
      { [`0x${'b'.repeat(40)}`]: { nonce: '0x1' } },
    ],
    [{ address: [`0x${'c'.repeat(40)}`], topics: [null, [`0x${'d'.repeat(64)}`, null]] }],
    ['0x1', 1024, true, false, null, { nested: { deeper: ['é', '𝄞'] } }],
  ];

  it.each(samples.map((s) => [JSON.stringify(s), s]))(
    'never calls %s longer than it is',
    (_, sample) => {
      const bytes = new TextEncoder().encode(JSON.stringify(sample)).length;
      expect(jsonLongerThan(sample, bytes)).toBe(false);
      expect(jsonLongerThan(sample, 0)).toBe(true);
    },
  );

  it('says a 30 MB object or a 5-million-element array is too long at once', () => {
    const huge: Record<string, unknown> = {};
    for (let i = 0; i < 300_000; i++) {
      huge[`0x${i.toString(16).padStart(40, '0')}`] = { balance: '0x1' };
    }
    expect(jsonLongerThan([{}, 'latest', huge], 128 * 1024)).toBe(true);
    expect(jsonLongerThan([new Array(5_000_000).fill(0)], 128 * 1024)).toBe(true);
  });
});
