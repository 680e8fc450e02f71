import { describe, expect, it } from 'vitest';
import { createLookupKeyMailbox } from '../../../lib/extension/messages/lookup-key-mailbox.ts';

// The popup's lookup key meets the sign-up the worker runs, whichever message is handled first.
describe('the sign-up lookup key mailbox', () => {
  const KEY = 'a'.repeat(64);

  it('hands an offered key to the sign-up waiting for it (the name as the core takes it)', async () => {
    const mailbox = createLookupKeyMailbox();
    const waiting = mailbox.expect('  Ada ');
    mailbox.offer('ada', KEY);
    expect(await waiting).toBe(KEY);
  });

  it('keeps a key offered before the sign-up asks, once', async () => {
    const mailbox = createLookupKeyMailbox();
    mailbox.offer('Ada', KEY);
    expect(await mailbox.expect('ada')).toBe(KEY);
    const second = mailbox.expect('ada');
    mailbox.offer('ada', null);
    expect(await second).toBeNull();
  });

  it('gives another user’s sign-up nothing', async () => {
    const mailbox = createLookupKeyMailbox();
    const bob = mailbox.expect('bob');
    mailbox.offer('ada', KEY);
    mailbox.offer('bob', null);
    expect(await bob).toBeNull();
  });
});
