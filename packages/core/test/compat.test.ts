// Round trips with the real @audius/hedgehog 2.1.0: accounts made by either library open in the
// other with the same wallet, so existing Hedgehog users keep their address.
import { describe, expect, it } from 'vitest';
import { createMemoryStore, ENTROPY_STORAGE_KEY, Hedgehog } from '../src/index.ts';
import { createMemoryBackend } from './support/memory-backend.ts';
import { createReferenceHedgehog } from './support/reference-hedgehog.ts';

const PASSWORD = 'tambourine-harbour-42';

describe('compatibility with @audius/hedgehog 2.1.0', () => {
  it('an Encore sign-up opens with the original login, and survives an Encore password change', async () => {
    const backend = createMemoryBackend();
    const storage = createMemoryStore();
    const encore = new Hedgehog(backend.getFn, backend.setAuthFn, backend.setUserFn, { storage });
    const wallet = await encore.signUp('Round.Trip@Example.io', PASSWORD);

    const reference = createReferenceHedgehog(backend);
    const theirs = await reference.hedgehog.login('round.trip@example.io', PASSWORD);
    expect(theirs.getAddressString()).toBe(wallet.address.toLowerCase());
    expect(`0x${theirs.getPrivateKey().toString('hex')}`).toBe(wallet.privateKey);
    expect(reference.localStorage.get(ENTROPY_STORAGE_KEY)).toBe(
      await storage.get(ENTROPY_STORAGE_KEY),
    );

    const NEW = 'glockenspiel-harbour-43';
    await encore.changePassword('Round.Trip@Example.io', PASSWORD, NEW);
    const afterChange = createReferenceHedgehog(backend);
    const reopened = await afterChange.hedgehog.login('Round.Trip@Example.io', NEW);
    expect(reopened.getAddressString()).toBe(wallet.address.toLowerCase());
    await expect(afterChange.hedgehog.login('Round.Trip@Example.io', PASSWORD)).rejects.toThrow(
      'No account record for user',
    );
  });

  it('an account made by the original sign-up opens with Encore', async () => {
    const backend = createMemoryBackend();
    const reference = createReferenceHedgehog(backend);
    // The original enforces no policy; a 4-character password must still open in Encore.
    const theirs = await reference.hedgehog.signUp('Legacy.User@Example.com', 'abcd');
    expect(backend.calls.setUserFn[0]?.walletAddress).toBe(theirs.getAddressString());

    const storage = createMemoryStore();
    const encore = new Hedgehog(backend.getFn, backend.setAuthFn, backend.setUserFn, { storage });
    const wallet = await encore.login('legacy.user@example.com', 'abcd');
    expect(wallet.address.toLowerCase()).toBe(theirs.getAddressString());
    expect(await storage.get(ENTROPY_STORAGE_KEY)).toBe(
      reference.localStorage.get(ENTROPY_STORAGE_KEY),
    );
  });
});
