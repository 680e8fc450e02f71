import {
  describeValidationError,
  SetAuthRequestSchema,
  SetUserRequestSchema,
} from '@encore-wallet/contract';
import { describe, expect, it } from 'vitest';
import { parseRetryAfter } from '../src/internal/retry-after.ts';

function errorFor(schema: typeof SetAuthRequestSchema | typeof SetUserRequestSchema, v: unknown) {
  const result = schema.safeParse(v);
  return result.success ? 'valid' : describeValidationError(result.error);
}

describe('contract error text', () => {
  it('names each faulty field once, with what is wrong', () => {
    expect(
      errorFor(SetAuthRequestSchema, { iv: 1, cipherText: 'zz', lookupKey: 'a', extra: true }),
    ).toBe(
      'iv: must be a string; cipherText: must contain only hex characters (0-9, a-f); ' +
        'lookupKey: must be exactly 64 hex characters; extra: is not a known field',
    );
  });

  it('names the body when it is not an object', () => {
    expect(errorFor(SetUserRequestSchema, [])).toBe('body: must be a JSON object');
  });

  it('trims usernames', () => {
    const parsed = SetUserRequestSchema.parse({
      username: '  ann ',
      walletAddress: `0x${'a'.repeat(40)}`,
    });
    expect(parsed.username).toBe('ann');
  });
});

describe('parseRetryAfter', () => {
  it('reads seconds and HTTP dates', () => {
    const now = Date.parse('2025-01-01T00:00:00Z');
    expect(parseRetryAfter('17', now)).toBe(17);
    expect(parseRetryAfter('Wed, 01 Jan 2025 00:00:30 GMT', now)).toBe(30);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter(null, now)).toBeUndefined();
  });
});
