// Runs inside a Chromium page (bundled by the page sign-up test): the wallet core as a music site
// uses it, against an in-memory backend, with the page's scrypt worker counted.

import { bytesToHex } from '@encore-wallet/utils/encoding';
import { createKeyOffThread } from '../../../src/authentication.ts';
import { createMemoryStore, Hedgehog } from '../../../src/index.ts';
import {
  offThreadKeysDerived,
  offThreadWorkersStarted,
  useOffThreadScrypt,
} from '../../../src/internal/scrypt-off-thread.ts';

interface StoredRecord {
  lookupKey: string;
  iv: string;
  cipherText: string;
}

async function signUp(
  username: string,
  password: string,
  opts: { offThread: boolean },
): Promise<{ address: string; record: StoredRecord; workers: number }> {
  useOffThreadScrypt(opts.offThread);
  let record: StoredRecord | null = null;
  const hedgehog = new Hedgehog(
    async () => null,
    async (r) => {
      record = r;
    },
    async () => undefined,
    { storage: createMemoryStore() },
  );
  const wallet = await hedgehog.signUp(username, password);
  if (!record) throw new Error('no record was stored');
  return { address: wallet.address, record, workers: offThreadWorkersStarted() };
}

async function login(username: string, password: string, record: StoredRecord): Promise<string> {
  const hedgehog = new Hedgehog(
    async ({ lookupKey }) => (lookupKey === record.lookupKey ? record : null),
    async () => undefined,
    async () => undefined,
    { storage: createMemoryStore() },
  );
  return (await hedgehog.login(username, password)).address;
}

/**
 * Changes the password of the account `record` holds, in this page; returns the record that
 * replaced it, the address and how many keys the page's worker derived meanwhile.
 */
async function changePassword(
  username: string,
  oldPassword: string,
  newPassword: string,
  record: StoredRecord,
  opts: { offThread: boolean },
): Promise<{ address: string; record: StoredRecord; keysOffThread: number }> {
  useOffThreadScrypt(opts.offThread);
  let replaced: StoredRecord | null = null;
  const hedgehog = new Hedgehog(
    async ({ lookupKey }) => (lookupKey === record.lookupKey ? record : null),
    async (r) => {
      replaced = r;
    },
    async () => undefined,
    { storage: createMemoryStore() },
  );
  await hedgehog.warmUp();
  const before = offThreadKeysDerived();
  await hedgehog.changePassword(username, oldPassword, newPassword);
  const address = hedgehog.getWallet()?.address ?? '';
  if (!replaced) throw new Error('no record was stored');
  return { address, record: replaced, keysOffThread: offThreadKeysDerived() - before };
}

/**
 * Logs in from a page that has never seen the account (`record` is the backend's one record, in
 * either format); returns the address and how many derivations the page's worker ran meanwhile.
 */
async function loginCounted(
  username: string,
  password: string,
  record: StoredRecord,
  opts: { offThread: boolean },
): Promise<{ address: string; keysOffThread: number }> {
  useOffThreadScrypt(opts.offThread);
  const before = offThreadKeysDerived();
  const address = await login(username, password, record);
  return { address, keysOffThread: offThreadKeysDerived() - before };
}

async function keyOffThread(
  password: string,
  iv: string,
): Promise<{ key: string | null; workers: number }> {
  const key = await createKeyOffThread(password, iv);
  return { key: key && bytesToHex(key), workers: offThreadWorkersStarted() };
}

(globalThis as { encorePage?: unknown }).encorePage = {
  signUp,
  login,
  changePassword,
  loginCounted,
  keyOffThread,
};
