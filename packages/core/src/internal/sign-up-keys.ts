// A sign-up's keys: the lookup key of its new record and a fresh iv with its key, derived side
// by side where two derivations can run at once, and a new wallet derived while they are.
import type { HDNodeWallet } from 'ethers';
import { Authentication } from '../authentication.ts';
import { hedgehogKeys } from '../formats/hedgehog-format.ts';
import type { Credentials, FormatKeys, RecordFormatModule } from '../formats/record-format.ts';
import { LOOKUP_KEY_PATTERN } from '../login-key.ts';
import { WalletManager } from '../wallet-manager.ts';

/**
 * How long a sign-up waits for a lookup key its caller is deriving, once its own derivation is
 * done: about one derivation on a slow machine. Past it the core derives the key itself.
 */
const GIVEN_LOOKUP_KEY_GRACE_MS = 250;

/** A new wallet and its entropy. */
export type NewWallet = Promise<{ entropy: string; wallet: HDNodeWallet }>;

/** A fresh iv for a new record, the record's keys, and a new wallet derived meanwhile. */
export interface FreshKeys {
  iv: string;
  keys: FormatKeys;
  /** A new wallet, derived while the keys were (where there is a second thread). */
  wallet?: NewWallet;
}

/**
 * A new wallet for a sign-up, derived ahead while something else is awaited (discarded when a
 * retry finds an earlier attempt's wallet instead, so a failure here is only seen if it is used).
 */
export function newWallet(path: string): NewWallet {
  const entropy = WalletManager.createEntropy();
  const wallet = WalletManager.deriveWallet(entropy, path).then((w) => ({ entropy, wallet: w }));
  wallet.catch(() => undefined);
  return wallet;
}

/**
 * A sign-up's keys in `format`. The lookup key and a fresh iv's key are independent (Hedgehog's
 * lookup key needs the username and password, its key the password and the iv), so in Node they
 * run together on the thread pool and a sign-up costs one derivation's time; in a web page a
 * worker derives the key meanwhile. `given`: Hedgehog's lookup key being derived by the caller
 * on its own thread (SignUpOptions.lookupKey), while this thread derives the key; a lookup key
 * is Hedgehog's, so another format does not use it.
 */
export async function signUpKeys(
  format: RecordFormatModule,
  credentials: Credentials,
  path: string,
  given: Promise<string | null> | undefined,
): Promise<FreshKeys> {
  const iv = Authentication.createIv();
  if (given && format.name === 'hedgehog') {
    return hedgehogSignUpWithGivenKey(credentials, iv, path, given);
  }
  // The new wallet does not depend on the keys: it is derived while they are (in a page, on
  // this thread once the lookup key is done, while the worker still derives the key).
  let wallet: NewWallet | undefined;
  const keys = await format.derive(credentials, {
    iv,
    meanwhile: () => {
      wallet ??= newWallet(path);
    },
  });
  return { iv, keys, wallet };
}

async function hedgehogSignUpWithGivenKey(
  { username, password }: Credentials,
  iv: string,
  path: string,
  given: Promise<string | null>,
): Promise<FreshKeys> {
  // The caller derives the lookup key on its own thread: this one derives the key meanwhile,
  // then the new wallet while the lookup key may still be coming.
  const settled = given.catch(() => null);
  const key = await Authentication.createKey(password, iv);
  const wallet = newWallet(path);
  const offered = await Promise.race([
    settled,
    new Promise<null>((resolve) => setTimeout(() => resolve(null), GIVEN_LOOKUP_KEY_GRACE_MS)),
  ]);
  const lookupKey =
    offered && LOOKUP_KEY_PATTERN.test(offered)
      ? offered
      : await Authentication.createAuthLookupKey(username, password);
  return { iv, keys: hedgehogKeys(lookupKey, password, { iv, key }), wallet };
}
