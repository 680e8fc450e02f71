import { describe, expect, it } from 'vitest';
import { AccountNotFoundError, BackendError, WeakPasswordError } from '../src/errors.ts';

describe('wallet core errors', () => {
  it('carry stable codes across a JSON boundary', () => {
    const err = new BackendError(429, 'Too many requests', { retryAfterSeconds: 30 });
    expect(JSON.parse(JSON.stringify(err))).toEqual({
      name: 'BackendError',
      code: 'BACKEND_FAILURE',
      message: 'Too many requests',
      shortMessage: 'Too many requests',
      status: 429,
      retryAfterSeconds: 30,
    });
    expect(new AccountNotFoundError().code).toBe('ACCOUNT_NOT_FOUND');
    expect(AccountNotFoundError.code).toBe('ACCOUNT_NOT_FOUND');
    expect(new WeakPasswordError('common', 'x')).toBeInstanceOf(Error);
  });
});
