// Runs inside a Chromium page (bundled by packages/core/bench/wallet-browser.ts): times Encore logins against
// an in-memory backend holding one reference record, and sign-ups (with the page's scrypt worker
// or on the page's thread alone) against one that stores nothing.

import { Authentication, createMemoryStore, Hedgehog } from '../src/index.ts';
import { useOffThreadScrypt } from '../src/internal/scrypt-off-thread.ts';

interface BenchRecord {
  username: string;
  password: string;
  lookupKey: string;
  iv: string;
  cipherText: string;
}

async function run(
  record: BenchRecord,
  opts: { awaitWarmUp: boolean; logins: number },
): Promise<{ warmUp: number; logins: number[]; address: string }> {
  const getFn = async ({ lookupKey }: { lookupKey: string }) =>
    lookupKey === record.lookupKey ? { iv: record.iv, cipherText: record.cipherText } : null;
  const noop = async (): Promise<void> => undefined;
  const t0 = performance.now();
  const hedgehog = new Hedgehog(getFn, noop, noop, { storage: createMemoryStore() });
  if (opts.awaitWarmUp) await hedgehog.warmUp();
  const warmUp = performance.now() - t0;
  const logins: number[] = [];
  let address = '';
  for (let i = 0; i < opts.logins; i++) {
    const t = performance.now();
    address = (await hedgehog.login(record.username, record.password)).address;
    logins.push(performance.now() - t);
  }
  return { warmUp, logins, address };
}

/**
 * A sign-up in this (fresh) page after warm-up, from the call to the wallet, and one derivation
 * alone for scale. `offThread: false` keeps both derivations on the page's thread. `keys`: the
 * core's measure of the sign-up's keys phase (its two derivations, at once with the worker), so
 * its own time is `signUp - keys`.
 */
async function signUp(opts: {
  offThread: boolean;
}): Promise<{ signUp: number; derivation: number; keys: number; address: string }> {
  useOffThreadScrypt(opts.offThread);
  const noop = async (): Promise<void> => undefined;
  const hedgehog = new Hedgehog(async () => null, noop, noop, { storage: createMemoryStore() });
  await hedgehog.warmUp();
  let t = performance.now();
  await Authentication.createKey('a long bench passphrase', 'bench-iv');
  const derivation = performance.now() - t;
  t = performance.now();
  const wallet = await hedgehog.signUp(`bench${Date.now()}`, 'violet tram plays 7 encores');
  const signUpMs = performance.now() - t;
  // The core's own measure of the sign-up's two derivations (and the new wallet beside them).
  const keys =
    performance.getEntriesByName('hedgehog:sign-up-keys', 'measure').at(-1)?.duration ?? 0;
  return { signUp: signUpMs, derivation, keys, address: wallet.address };
}

/**
 * A password change in this (fresh) page after warm-up: a login's two derivations, then the new
 * record's lookup key and key (with the worker: at once), from the call to the new record stored.
 */
async function changePassword(
  record: BenchRecord,
  opts: { offThread: boolean },
): Promise<{ changePassword: number; address: string }> {
  useOffThreadScrypt(opts.offThread);
  const getFn = async ({ lookupKey }: { lookupKey: string }) =>
    lookupKey === record.lookupKey ? { iv: record.iv, cipherText: record.cipherText } : null;
  const noop = async (): Promise<void> => undefined;
  const hedgehog = new Hedgehog(getFn, noop, noop, { storage: createMemoryStore() });
  await hedgehog.warmUp();
  const t = performance.now();
  await hedgehog.changePassword(record.username, record.password, 'violet tram plays 7 encores');
  return {
    changePassword: performance.now() - t,
    address: hedgehog.getWallet()?.address ?? '',
  };
}

(globalThis as { encoreBench?: unknown }).encoreBench = { run, signUp, changePassword };
