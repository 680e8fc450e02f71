// The strengthened record format (strong-record.ts holds its primitives and writes it out): one
// strong derivation gives the lookup key and every record key, so a login derives once. Made
// from the normalised credentials only (strongCredentials).
import { measurePhase, phaseStart } from '@encore-wallet/utils/perf';
import { scryptOffThreadPossible, scryptRunsInParallel } from '../internal/scrypt.ts';
import { StrongRecord, strongCredentials } from '../strong-record.ts';
import type {
  Credentials,
  DeriveOptions,
  FormatKeys,
  RecordFormatModule,
} from './record-format.ts';

/** The strengthened record's keys under the one derivation `master`. */
export async function strongKeys(master: Uint8Array): Promise<FormatKeys> {
  return {
    format: 'strong',
    lookupKey: await StrongRecord.lookupKey(master),
    keyFor: (iv) => StrongRecord.key(master, iv),
  };
}

async function derive(credentials: Credentials, options: DeriveOptions = {}): Promise<FormatKeys> {
  options.meanwhile?.();
  const t = phaseStart();
  await options.warmedUp?.();
  const master =
    (await options.strongMaster?.catch(() => null)) ??
    (await StrongRecord.deriveMaster(credentials.username, credentials.password));
  measurePhase('hedgehog:strong-derivation', t);
  return strongKeys(master);
}

/** The strong derivation begun on a second thread: Node's thread pool, or a web page's worker. */
function deriveBeside(
  { username, password }: Credentials,
  given: DeriveOptions,
): DeriveOptions | null {
  if (given.strongMaster) return null;
  let started: Promise<Uint8Array | null> | null = null;
  if (scryptRunsInParallel()) started = StrongRecord.deriveMaster(username, password);
  // A web page's worker: null inside when the page refuses it.
  else if (scryptOffThreadPossible())
    started = StrongRecord.deriveMasterOffThread(username, password);
  if (!started) return null;
  // Seen only if used.
  started.catch(() => undefined);
  return { strongMaster: started };
}

export const strongFormat: RecordFormatModule = {
  name: 'strong',
  loginForms: (username, password) => [strongCredentials(username, password)],
  newRecordCredentials: strongCredentials,
  derive,
  deriveBeside,
  async seal(keys, entropy, iv) {
    return StrongRecord.encryptEntropy(entropy, await keys.keyFor(iv), iv);
  },
  async open(keys, record) {
    return StrongRecord.decryptEntropy(record.cipherText, await keys.keyFor(record.iv), record.iv);
  },
};
