// Hedgehog's own record format, byte-compatible with @audius/hedgehog 2.1.0 (authentication.ts
// holds its primitives): the lookup key is one scrypt of (username, password), the record key a
// second scrypt of the password per iv. A login tries each form the keyboard may have produced
// (credential-forms.ts), since Hedgehog's records hold whatever was typed.
import { measurePhase, phaseStart } from '@encore-wallet/utils/perf';
import { Authentication, createKeyOffThread } from '../authentication.ts';
import { loginForms } from '../internal/credential-forms.ts';
import {
  scryptOffThreadPossible,
  scryptOffThreadReady,
  scryptRunsInParallel,
} from '../internal/scrypt.ts';
import { LOOKUP_KEY_PATTERN } from '../login-key.ts';
import type {
  Credentials,
  DeriveOptions,
  FormatKeys,
  RecordFormatModule,
} from './record-format.ts';

/**
 * How long a derivation lets a page's scrypt worker finish starting before deriving on its own
 * thread (which the worker's start needs): a fraction of the derivation it saves.
 */
const OFF_THREAD_READY_WAIT_MS = 60;

/** Hedgehog's keys under `lookupKey` for `password`; `preset`: a key already derived for one iv. */
export function hedgehogKeys(
  lookupKey: string,
  password: string,
  preset?: { iv: string; key: Uint8Array | null },
): FormatKeys {
  return {
    format: 'hedgehog',
    lookupKey,
    keyFor: (iv) =>
      preset?.key && preset.iv === iv
        ? Promise.resolve(preset.key)
        : Authentication.createKey(password, iv),
  };
}

/**
 * The lookup key of (username, password) and the key of (password, iv), which are independent:
 * at once in Node (the thread pool); in a web page the worker derives the key while this thread
 * derives the lookup key, then runs `meanwhile`. Where derivations run one at a time (no worker:
 * a policy that refuses Blob workers, or the extension), only the lookup key is derived and
 * `key` is null: it is derived when it is needed, after whatever the caller learns first.
 */
async function lookupKeyAndKey(
  { username, password }: Credentials,
  iv: string,
  meanwhile: () => void = () => undefined,
): Promise<{ lookupKey: string; key: Uint8Array | null }> {
  if (scryptRunsInParallel()) {
    meanwhile();
    const [lookupKey, key] = await Promise.all([
      Authentication.createAuthLookupKey(username, password),
      Authentication.createKey(password, iv),
    ]);
    return { lookupKey, key };
  }
  if (scryptOffThreadPossible()) {
    await scryptOffThreadReady(OFF_THREAD_READY_WAIT_MS);
    const offThread = createKeyOffThread(password, iv);
    const lookupKey = await Authentication.createAuthLookupKey(username, password);
    meanwhile();
    // A worker refused after all: this thread derives the key.
    const key = (await offThread) ?? (await Authentication.createKey(password, iv));
    return { lookupKey, key };
  }
  const lookupKey = await Authentication.createAuthLookupKey(username, password);
  return { lookupKey, key: null };
}

/** A caller's lookup key, when it is one (anything else is ignored and derived again). */
async function givenLookupKey(given: DeriveOptions['lookupKey']): Promise<string | null> {
  const key = await Promise.resolve(given).catch(() => null);
  return typeof key === 'string' && LOOKUP_KEY_PATTERN.test(key) ? key : null;
}

async function derive(credentials: Credentials, options: DeriveOptions = {}): Promise<FormatKeys> {
  const given = await givenLookupKey(options.lookupKey);
  if (given) return hedgehogKeys(given, credentials.password);
  let t = phaseStart();
  await options.warmedUp?.();
  measurePhase('hedgehog:wait-warm-up', t);
  t = phaseStart();
  if (options.iv) {
    const { lookupKey, key } = await lookupKeyAndKey(credentials, options.iv, options.meanwhile);
    measurePhase('hedgehog:scrypt-lookup-key', t);
    return hedgehogKeys(lookupKey, credentials.password, { iv: options.iv, key });
  }
  const lookupKey = await Authentication.createAuthLookupKey(
    credentials.username,
    credentials.password,
  );
  measurePhase('hedgehog:scrypt-lookup-key', t);
  return hedgehogKeys(lookupKey, credentials.password);
}

/** Hedgehog's lookup key on a second thread (Node's thread pool), or null where there is none. */
function deriveBeside(credentials: Credentials, given: DeriveOptions): DeriveOptions | null {
  if (given.lookupKey || !scryptRunsInParallel()) return null;
  const lookupKey = Authentication.createAuthLookupKey(credentials.username, credentials.password);
  lookupKey.catch(() => undefined);
  return { lookupKey };
}

export const hedgehogFormat: RecordFormatModule = {
  name: 'hedgehog',
  loginForms,
  newRecordCredentials: (username, password) => ({
    username: username.normalize('NFC'),
    password: password.normalize('NFC'),
  }),
  derive,
  deriveBeside,
  async seal(keys, entropy, iv) {
    return Authentication.encryptEntropy(entropy, await keys.keyFor(iv), iv);
  },
  async open(keys, record) {
    let t = phaseStart();
    const key = await keys.keyFor(record.iv);
    measurePhase('hedgehog:scrypt-key', t);
    t = phaseStart();
    const entropy = await Authentication.decryptEntropy(record.cipherText, key, record.iv);
    measurePhase('hedgehog:aes-decrypt', t);
    return entropy;
  },
};
