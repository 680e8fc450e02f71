// An error about one field: the field and the problem kept apart for code, together for people,
// and the same in the shape that crosses a message boundary.
import { describe, expect, it } from 'vitest';
import { EncoreError, FieldError } from '../../src/errors/index.ts';

class BadThingError extends FieldError<'BAD_THING'> {
  static override readonly code = 'BAD_THING' as const;
  override readonly name = 'BadThingError' as const;
}

describe('FieldError', () => {
  it('names the field and the problem, and crosses a boundary with both', () => {
    const cause = new Error('underneath');
    const error = new BadThingError('rules[1].type', 'is not granted', { cause });
    expect(error).toBeInstanceOf(EncoreError);
    expect(error.message).toBe('rules[1].type is not granted');
    expect([error.code, error.field, error.problem, error.cause]).toEqual([
      'BAD_THING',
      'rules[1].type',
      'is not granted',
      cause,
    ]);
    expect(JSON.parse(JSON.stringify(error))).toEqual({
      name: 'BadThingError',
      code: 'BAD_THING',
      message: 'rules[1].type is not granted',
      shortMessage: 'rules[1].type is not granted',
      details: { field: 'rules[1].type', problem: 'is not granted' },
    });
  });
});
