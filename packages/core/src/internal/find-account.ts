// A login's search for the record some credentials open, in the formats the chooser names and in
// its order (choose-format.ts), and the search for a leftover of the same account in another
// format. The format found is remembered for this browser's next login. Where a key holder is
// configured, its answer comes first (find-hardened.ts) and says whether weaker formats may be
// looked in at all.
import { measurePhase, phaseStart } from '@encore-wallet/utils/perf';
import { DecryptionFailedError } from '../errors.ts';
import { type LoginPlan, leftoverFormats, loginPlan } from '../formats/choose-format.ts';
import type { HardenedFormatModule } from '../formats/hardened-format.ts';
import type {
  Credentials,
  DeriveOptions,
  FormatKeys,
  RecordFormatModule,
} from '../formats/record-format.ts';
import { strongCredentials } from '../strong-record.ts';
import type { AuthRecord, GetFn, KeyValueStore, RecordFormat } from '../types.ts';
import { findHardened } from './find-hardened.ts';
import { getRecord } from './get-record.ts';
import { recalledFormat, rememberFormat } from './strong-accounts.ts';

export interface FoundAccount {
  lookupKey: string;
  entropy: string;
  /** The form of the credentials the record was made under. */
  credentials: Credentials;
  format: RecordFormat;
  keys: FormatKeys;
  /** The record as the backend answered it. */
  record: AuthRecord;
  /** Derivations begun for this search (the caller's, or beside it): a strengthen reuses them. */
  ahead: DeriveOptions;
  /** Formats this search looked in before and found nothing under these credentials. */
  searched: RecordFormat[];
  /**
   * The key holder's mark for the account as this search read it (the key its hardened record
   * was made under, or null); absent where no key holder is configured.
   */
  hardenedUnder?: string | null;
}

export interface FinderDeps {
  getFn: GetFn;
  formMemory: KeyValueStore;
  /**
   * The formats this process met accounts in (by rememberedName): they win over the stored
   * hints, which can be removed or planted, so an account met strengthened here stays so.
   */
  met: Map<string, RecordFormat>;
  /** The backend replaces a record in one step (no leftover of a strengthen to look for). */
  replacesAtomically: boolean;
  /** The hardened format where the integrator configured a key holder, else null. */
  hardened: HardenedFormatModule | null;
  warmedUp(): Promise<void>;
}

/** The name this browser remembers an account's format under (as lookup keys read it). */
function rememberedName(username: string): string {
  return strongCredentials(username, '').username.toLowerCase();
}

/**
 * The format this browser met the username's account in, or null. What this process met wins
 * over the stored hint: an account met strengthened here stays so whatever the hint says now.
 * While the strong list may have lost accounts, one in neither list reads as strengthened, so a
 * restore never writes a weaker record for it; a login (`forLogin`) takes it as not met instead:
 * the strong lookup first and the Hedgehog one only once that found nothing, so a Hedgehog-format
 * account this browser never met still logs in.
 */
export async function knownFormatOf(
  deps: FinderDeps,
  username: string,
  forLogin = false,
): Promise<RecordFormat | null> {
  const name = rememberedName(username);
  const met = deps.met.get(name);
  if (met) return met;
  const { format, unsure } = await recalledFormat(deps.formMemory, name);
  return format ?? (unsure && !forLogin ? 'strong' : null);
}

/** Remembers the format the account was met in: here for this process, and in the hints. */
export async function noteFormat(
  deps: FinderDeps,
  username: string,
  format: RecordFormat,
): Promise<void> {
  const name = rememberedName(username);
  deps.met.set(name, format);
  await rememberFormat(deps.formMemory, name, format);
}

/**
 * Finds the record these credentials open, in the formats and order the chooser gives for what
 * this browser knows of the account. `given`: derivations the caller began on its own thread
 * (the extension's popup), each used by its format in place of the core's.
 */
export async function findAccount(
  deps: FinderDeps,
  username: string,
  password: string,
  given: DeriveOptions = {},
): Promise<FoundAccount | null> {
  const t = phaseStart();
  const known = await knownFormatOf(deps, username, true);
  measurePhase('hedgehog:recall-format', t);
  let plan: LoginPlan = loginPlan(known);
  let ahead: DeriveOptions = given;
  let hardenedUnder: string | null | undefined;
  if (deps.hardened) {
    const hardened = await findHardened(deps, deps.hardened, username, password, known, given);
    if (hardened.found) {
      await noteFormat(deps, username, 'hardened');
      return { ...hardened.found, searched: [], hardenedUnder: hardened.mark };
    }
    if (!hardened.weaker) return null;
    plan = hardened.weaker;
    ahead = hardened.ahead;
    hardenedUnder = hardened.mark;
  }
  for (const format of plan.beside) {
    const first = format.loginForms(username, password)[0];
    const started = first ? format.deriveBeside(first, ahead) : null;
    if (started) ahead = { ...ahead, ...started };
  }
  const searched: RecordFormat[] = [];
  for (const format of plan.order) {
    const found = await findIn(deps, format, username, password, ahead);
    if (!found) {
      searched.push(format.name);
      continue;
    }
    await noteFormat(deps, username, found.format);
    return { ...found, searched, ...(hardenedUnder === undefined ? {} : { hardenedUnder }) };
  }
  return null;
}

/** Tries each of the format's credential forms; the first stored record that matches wins. */
export async function findIn(
  deps: FinderDeps,
  format: RecordFormatModule,
  username: string,
  password: string,
  ahead: DeriveOptions,
): Promise<Omit<FoundAccount, 'searched'> | null> {
  // What was derived ahead is the first form's.
  let options: DeriveOptions = { ...ahead, warmedUp: deps.warmedUp };
  for (const credentials of format.loginForms(username, password)) {
    // A lookup key given ahead lets the backend lookup start while the warm-up may still run.
    const keyGiven = Boolean(options.lookupKey);
    const keys = await format.derive(credentials, options);
    options = { warmedUp: deps.warmedUp };
    let t = phaseStart();
    const record = await getRecord(deps.getFn, keys.lookupKey);
    measurePhase('hedgehog:get-record', t);
    if (!record) continue;
    if (keyGiven) {
      t = phaseStart();
      await deps.warmedUp();
      measurePhase('hedgehog:wait-warm-up', t);
    }
    // The lookup key matched, so the password is right: a failure here is a corrupt record and
    // surfaces as DecryptionFailedError rather than a misleading "not found".
    const entropy = await format.open(keys, record);
    return {
      lookupKey: keys.lookupKey,
      entropy,
      credentials,
      format: format.name,
      keys,
      record,
      ahead,
    };
  }
  return null;
}

/**
 * The lookup key of a record in another format than `found`'s under the same credentials that
 * opens to the same wallet (left by an interrupted strengthen), or null. A format the search
 * looked in already held nothing.
 */
export async function findLeftover(deps: FinderDeps, found: FoundAccount): Promise<string | null> {
  const { username, password } = found.credentials;
  for (const format of leftoverFormats(found.format, deps.replacesAtomically)) {
    if (found.searched.includes(format.name)) continue;
    const other = await findIn(deps, format, username, password, found.ahead).catch(
      (error: unknown) => {
        if (error instanceof DecryptionFailedError) return null;
        throw error;
      },
    );
    if (other?.entropy === found.entropy) return other.lookupKey;
  }
  return null;
}
