import { BackendError, DecryptionFailedError } from '@encore-wallet/core';
import {
  KeyHolderAnswerRefusedError,
  KeyHolderPinInvalidError,
  KeyHolderRefusedError,
  KeyHolderUnreachableError,
} from '@encore-wallet/core/key-holder';
import { describe, expect, it } from 'vitest';
import { ExtensionError } from '../../../lib/extension/errors/index.ts';
import { identicon } from '../../../lib/extension/ui/identicon.ts';
import { describeError } from '../../../lib/extension/ui/index.ts';

// Errors reach the popup as ExtensionError(code, message, details) rebuilt from the JSON.
function received(error: { toJSON(): object }): ExtensionError {
  const { code, message, ...details } = error.toJSON() as Record<string, unknown>;
  return new ExtensionError(String(code), String(message), details);
}

describe('popup error messages', () => {
  it('say what to do for each failure a person can meet', () => {
    expect(describeError(received(new DecryptionFailedError()))).toBe(
      'Wrong username or password.',
    );
    // A form that asked only for the password (strengthen, recovery phrase, move, private key).
    expect(describeError(received(new DecryptionFailedError()), 'password')).toBe(
      'Wrong password.',
    );
    expect(describeError(received(new BackendError(0, 'fetch failed')))).toMatch(
      /cannot be reached/,
    );
    expect(describeError(received(new BackendError(0, 'no answer', { timedOut: true })))).toBe(
      'The wallet backend did not answer in time. Try again in a moment.',
    );
    expect(
      describeError(received(new BackendError(429, 'slow down', { retryAfterSeconds: 12.2 }))),
    ).toBe('Too many attempts. Try again in 13 s.');
    expect(describeError(received(new BackendError(409, 'username: already registered')))).toMatch(
      /username is taken/,
    );
    expect(describeError(new ExtensionError('NO_RESPONSE', 'x'))).toMatch(/did not answer/);
    // Every catalog host answering 5xx is an outage; a 4xx is an answer Encore could not use.
    const catalogError = (status: number) =>
      new ExtensionError('CATALOG_HTTP_ERROR', `answered ${status}`, { status });
    expect(describeError(catalogError(503))).toBe('The music catalog cannot be reached right now.');
    expect(describeError(catalogError(403))).toBe(
      'The music catalog gave an answer Encore could not use.',
    );
  });

  it('say what the key holder did, that nothing weaker was used, and how long to wait', () => {
    expect(describeError(received(new KeyHolderUnreachableError(undefined)))).toBe(
      'The key holder that protects your password cannot be reached. Encore never opens or makes a wallet with a weaker lock instead: try again in a minute.',
    );
    expect(describeError(received(new KeyHolderUnreachableError(503)))).toMatch(
      /cannot be reached/,
    );
    // The popup receives the wait among the details (key-holder-errors.test.ts sends it there).
    const rateLimited = (seconds?: number) =>
      new ExtensionError('KEY_HOLDER_RATE_LIMITED', 'slow down', {
        ...(seconds === undefined ? {} : { retryAfterSeconds: seconds }),
      });
    expect(describeError(rateLimited(59.2))).toMatch(
      /too many attempts for this account\. Try again in 60 s\.$/,
    );
    expect(describeError(rateLimited(240))).toMatch(/Try again in 4 minutes\.$/);
    expect(describeError(rateLimited())).toMatch(/Wait a moment and try again\.$/);
    expect(describeError(received(new KeyHolderRefusedError(404, 'unknown key')))).toMatch(
      /may have been retired.*recovery phrase/,
    );
    expect(describeError(received(new KeyHolderAnswerRefusedError('bad-proof')))).toMatch(
      /did not prove it came from the key this wallet trusts, so Encore did not use it/,
    );
    expect(describeError(received(new KeyHolderPinInvalidError('the identity')))).toMatch(
      /not a usable key.*Fix the key holder in Encore’s settings/,
    );
  });
});

describe('identicon', () => {
  const a = '0xc4E595bDB3726370F5FfbaE1316D9576F912bc71';
  it('is the same for the same address in any case, and mirrored', () => {
    expect(identicon(a)).toEqual(identicon(a.toLowerCase()));
    const { cells, size } = identicon(a);
    for (let y = 0; y < size; y++) {
      const row = cells.slice(y * size, (y + 1) * size);
      expect(row).toEqual([...row].reverse());
    }
  });
  it('differs between addresses', () => {
    expect(identicon(a)).not.toEqual(identicon('0x1111111111111111111111111111111111111111'));
  });
});
