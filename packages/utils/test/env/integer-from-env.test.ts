import { describe, expect, it } from 'vitest';
import { integerFromEnv } from '../../src/env/index.ts';

describe('integerFromEnv', () => {
  const port = { fallback: 8790, min: 0, max: 65535 };

  it('reads a trimmed whole number, and the fallback when unset or blank', () => {
    expect(integerFromEnv({ PORT: ' 9000 ' }, 'PORT', port)).toEqual({ ok: true, value: 9000 });
    expect(integerFromEnv({}, 'PORT', port)).toEqual({ ok: true, value: 8790 });
    expect(integerFromEnv({ PORT: '  ' }, 'PORT', port)).toEqual({ ok: true, value: 8790 });
  });

  it('refuses what is not a whole number in range, naming the variable and the value', () => {
    for (const raw of ['ten', '2.5', '-1', '70000']) {
      expect(integerFromEnv({ PORT: raw }, 'PORT', port)).toEqual({
        ok: false,
        error: `PORT must be an integer from 0 to 65535 (got "${raw}")`,
      });
    }
  });
});
