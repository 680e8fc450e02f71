// What a person reads when the key holder stops a login or sign-up: the worker's error crosses the
// message boundary with its facts (the wait), and the popup's sentence names it.
import {
  KeyHolderRateLimitedError,
  KeyHolderUnreachableError,
} from '@encore-wallet/core/key-holder';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { z } from 'zod';
import { sendMessage } from '../../../lib/extension/client/index.ts';
import { createRouter } from '../../../lib/extension/messages/index.ts';
import { describeError } from '../../../lib/extension/ui/index.ts';
import { popup } from './support/senders.ts';

function workerThrowing(error: Error): void {
  const router = createRouter();
  router.register({
    type: 'login',
    input: z.object({}).passthrough(),
    access: 'extension-page',
    handle: () => {
      throw error;
    },
  });
  fakeBrowser.runtime.sendMessage = ((message: unknown) =>
    router.handle(message, popup)) as typeof fakeBrowser.runtime.sendMessage;
}

async function failureOf(): Promise<unknown> {
  return (sendMessage as (type: string, payload: object) => Promise<unknown>)('login', {}).then(
    () => expect.unreachable('the login should fail'),
    (error: unknown) => error,
  );
}

describe('key holder failures in the popup', () => {
  beforeEach(() => fakeBrowser.reset());

  it('keep the wait a rate-limited key holder asked for, and name it', async () => {
    workerThrowing(new KeyHolderRateLimitedError(120));
    const failure = (await failureOf()) as { code: string; details: Record<string, unknown> };
    expect(failure.code).toBe('KEY_HOLDER_RATE_LIMITED');
    expect(failure.details.retryAfterSeconds).toBe(120);
    expect(describeError(failure)).toBe(
      'The key holder that protects your password has had too many attempts for this account. Try again in 2 minutes.',
    );
  });

  it('say an unreachable key holder stops the login, with nothing weaker tried', async () => {
    workerThrowing(new KeyHolderUnreachableError(undefined));
    expect(describeError(await failureOf())).toMatch(
      /cannot be reached\. Encore never opens or makes a wallet with a weaker lock instead/,
    );
  });
});
