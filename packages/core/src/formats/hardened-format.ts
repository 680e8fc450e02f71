// The hardened record format: the keys need both the strong derivation (the strengthened
// format's scrypt, same parameters) and a key holder's oblivious PRF output (RFC 9497 POPRF), so
//   - the record database alone verifies no password, not even the right one;
//   - the database and the key holder's secret together still cost one strong derivation per
//     guess, as a strengthened record does.
// The POPRF's private input is a cheap domain-separated hash of the normalised credentials, not
// the scrypt's output, so the key holder's round trip runs while the scrypt does:
//   input      = SHA-256(utf8('encore-hardened-poprf-input-v1' NUL lower(username) NUL password))
//   output     = POPRF(key holder's key, public input = account id, input)      (64 bytes)
//   master     = scrypt as the strengthened record's (strong-record.ts)          (32 bytes)
//   lookupKey  = hex(HKDF-SHA-256(master ‖ output, salt 'encore-hardened-record-v1', 'lookup-key'))
//   recordKey  = HKDF-SHA-256(master ‖ output, same salt, 'record-key')
//   key(iv)    = HMAC-SHA-256(recordKey, utf8('encore-hardened-key:::' + ivHex))
//   cipherText = as the strengthened record's, with the prefix 'encore-hardened-entropy:::'
// Built by `hardenedFormat(keyHolder)` for one pinned key holder.
import { bytesToHex, hmacSha256 } from '@encore-wallet/utils/encoding';
import { measurePhase, phaseStart } from '@encore-wallet/utils/perf';
import { decryptPrefixedEntropy, encryptPrefixedEntropy } from '../authentication.ts';
import { askKeyHolder, type KeyHolderAnswer } from '../key-holder/evaluate.ts';
import { markHardened } from '../key-holder/mark-hardened.ts';
import { type CheckedPin, checkPin } from '../key-holder/pinned-key.ts';
import { StrongRecord, strongCredentials } from '../strong-record.ts';
import type { KeyHolderConfig } from '../types.ts';
import type {
  Credentials,
  DeriveOptions,
  FormatKeys,
  KeyHolderAnswerAhead,
  RecordFormatModule,
} from './record-format.ts';
import { strongFormat } from './strong-format.ts';

const INPUT_TAG = 'encore-hardened-poprf-input-v1';
const HKDF_SALT = 'encore-hardened-record-v1';
const KEY_LABEL = 'encore-hardened-key:::';
const PLAINTEXT_PREFIX = 'encore-hardened-entropy:::';

const utf8 = new TextEncoder();

export interface HardenedFormatModule extends RecordFormatModule {
  /** The id of the key new records are made under. */
  readonly currentKeyId: string;
  /** Whether this build pins the key `keyId` (the current one, or one in `previous`). */
  pins(keyId: string): boolean;
  /** Reports to the key holder that the account's hardened record now stands under `keyId`. */
  mark(username: string, keyId: string): Promise<void>;
}

/** The key holder's private input: never the scrypt's output, so both run at once. */
export async function hardenedInput({ username, password }: Credentials): Promise<Uint8Array> {
  const text = `${INPUT_TAG}\u0000${username.toLowerCase()}\u0000${password}`;
  return new Uint8Array(await crypto.subtle.digest('SHA-256', utf8.encode(text)));
}

async function hkdf(material: CryptoKey, label: string): Promise<Uint8Array> {
  const bits = await crypto.subtle.deriveBits(
    { name: 'HKDF', hash: 'SHA-256', salt: utf8.encode(HKDF_SALT), info: utf8.encode(label) },
    material,
    256,
  );
  return new Uint8Array(bits);
}

/** The hardened record's keys from the strong master and the key holder's output under `keyId`. */
export async function hardenedKeys(
  master: Uint8Array,
  output: Uint8Array,
  keyId: string,
): Promise<FormatKeys> {
  const joined = new Uint8Array(master.length + output.length);
  joined.set(master);
  joined.set(output, master.length);
  const material = await crypto.subtle.importKey('raw', joined, 'HKDF', false, ['deriveBits']);
  const [lookupKey, recordKey] = await Promise.all([
    hkdf(material, 'lookup-key'),
    hkdf(material, 'record-key'),
  ]);
  return {
    format: 'hardened',
    lookupKey: bytesToHex(lookupKey),
    keyFor: (iv) => hmacSha256(recordKey, KEY_LABEL + iv),
    keyHolderKey: keyId,
  };
}

export function hardenedFormat(keyHolder: KeyHolderConfig): HardenedFormatModule {
  const current = checkPin(keyHolder);
  const pinned = new Map<string, CheckedPin>([[current.keyId, current]]);
  for (const old of keyHolder.previous ?? []) {
    if (!pinned.has(old.keyId)) pinned.set(old.keyId, checkPin({ ...old, url: keyHolder.url }));
  }

  /** Begins the evaluation of `credentials` under `keyId`; `sent` once the request left. */
  function ask(credentials: Credentials, keyId: string, sent?: () => void): KeyHolderAnswerAhead {
    const pin = pinned.get(keyId);
    const answer: Promise<KeyHolderAnswer> = pin
      ? hardenedInput(credentials).then((input) =>
          askKeyHolder({
            username: credentials.username,
            input,
            keyHolder: pin,
            ...(keyHolder.fetch ? { fetch: keyHolder.fetch } : {}),
            ...(keyHolder.timeoutMs ? { timeoutMs: keyHolder.timeoutMs } : {}),
            ...(sent ? { onSent: sent } : {}),
          }),
        )
      : Promise.reject(new TypeError(`The key holder key "${keyId}" is not pinned.`));
    // Seen only if used.
    answer.catch(() => undefined);
    return { keyId, answer };
  }

  /**
   * The key holder's evaluation under `keyId` (the one begun ahead when it is under that key),
   * and the strong master, begun once the request is on its way, so the round trip runs while
   * the scrypt does, even where the scrypt holds this thread.
   */
  function begin(
    credentials: Credentials,
    keyId: string,
    options: DeriveOptions,
  ): { answer: Promise<KeyHolderAnswer>; master: Promise<Uint8Array> } {
    const ahead = options.keyHolderAnswer;
    let sent: Promise<void> = Promise.resolve();
    let answer: Promise<KeyHolderAnswer>;
    if (ahead && ahead.keyId === keyId) answer = ahead.answer;
    else {
      let onSent: () => void = () => undefined;
      sent = new Promise<void>((resolve) => {
        onSent = resolve;
      });
      answer = ask(credentials, keyId, onSent).answer;
    }
    const master = (async () => {
      // Whichever comes first: the request left, or the evaluation failed before it could.
      await Promise.race([
        sent,
        answer.then(
          () => undefined,
          () => undefined,
        ),
      ]);
      const given = await options.strongMaster?.catch(() => null);
      if (given) return given;
      await options.warmedUp?.();
      return StrongRecord.deriveMaster(credentials.username, credentials.password);
    })();
    master.catch(() => undefined);
    return { answer, master };
  }

  async function derive(
    credentials: Credentials,
    options: DeriveOptions = {},
  ): Promise<FormatKeys> {
    options.meanwhile?.();
    const t = phaseStart();
    const keyId = options.keyHolderKey ?? current.keyId;
    // The request goes out at once; the scrypt waits for the warm-up where it derives here.
    const { answer, master } = begin(credentials, keyId, options);
    // Side by side: a key holder's failure is this derivation's error, never a weaker record.
    const [derived, evaluation] = await Promise.all([master, answer]);
    measurePhase('hedgehog:hardened-derivation', t);
    return hardenedKeys(derived, evaluation.output, keyId);
  }

  /**
   * The evaluation under the current key and the strong master, begun ahead: the login reads
   * the key holder's mark from the one answer before it looks anywhere.
   */
  function deriveBeside(credentials: Credentials, given: DeriveOptions): DeriveOptions | null {
    if (given.keyHolderAnswer) return null;
    // On a second thread where there is one; else on this one once the request left.
    const beside = strongFormat.deriveBeside(credentials, given);
    const { answer, master } = begin(credentials, current.keyId, { ...given, ...beside });
    return { keyHolderAnswer: { keyId: current.keyId, answer }, strongMaster: master };
  }

  return {
    name: 'hardened',
    currentKeyId: current.keyId,
    pins: (keyId) => pinned.has(keyId),
    async mark(username, keyId) {
      await markHardened({
        url: current.url,
        username,
        keyId,
        ...(keyHolder.fetch ? { fetch: keyHolder.fetch } : {}),
        ...(keyHolder.timeoutMs ? { timeoutMs: keyHolder.timeoutMs } : {}),
      });
    },
    loginForms: (username, password) => [strongCredentials(username, password)],
    newRecordCredentials: strongCredentials,
    derive,
    deriveBeside,
    async seal(keys, entropy, iv) {
      return encryptPrefixedEntropy(PLAINTEXT_PREFIX, entropy, await keys.keyFor(iv), iv);
    },
    async open(keys, record) {
      return decryptPrefixedEntropy(
        PLAINTEXT_PREFIX,
        record.cipherText,
        await keys.keyFor(record.iv),
        record.iv,
      );
    },
  };
}
