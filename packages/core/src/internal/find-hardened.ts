// The first step of every login where a key holder is configured: one evaluation under the
// current key, begun beside the strong derivation, whose answer carries the account's mark (the
// key its hardened record was made under). The chooser reads the mark (hardenedLoginPlan); a
// marked account is looked for hardened and nowhere else, so none of its weaker lookup keys
// leaves this browser, whatever the record backend answers or this browser's hints say. A key
// holder that cannot be reached or answers wrongly fails the login with its typed error.
import { measurePhase, phaseStart } from '@encore-wallet/utils/perf';
import { hardenedLoginPlan, type LoginPlan } from '../formats/choose-format.ts';
import type { HardenedFormatModule } from '../formats/hardened-format.ts';
import type { DeriveOptions } from '../formats/record-format.ts';
import { KeyHolderAnswerRefusedError } from '../key-holder/errors.ts';
import type { RecordFormat } from '../types.ts';
import type { FinderDeps, FoundAccount } from './find-account.ts';
import { findIn } from './find-account.ts';

export interface HardenedSearch {
  /** The hardened record these credentials open, if any. */
  found: Omit<FoundAccount, 'searched'> | null;
  /** The formats to look in next (null: none, the account is hardened or may be). */
  weaker: LoginPlan | null;
  /** The key holder's mark as it answered (before this search marked anything). */
  mark: string | null;
  /** What was derived: the strong master and the evaluation, for the weaker formats' search. */
  ahead: DeriveOptions;
}

export async function findHardened(
  deps: FinderDeps,
  hardened: HardenedFormatModule,
  username: string,
  password: string,
  known: RecordFormat | null,
  given: DeriveOptions,
): Promise<HardenedSearch> {
  const credentials = hardened.loginForms(username, password)[0] ?? { username, password };
  const beside = hardened.deriveBeside(credentials, { ...given, warmedUp: deps.warmedUp });
  const ahead: DeriveOptions = { ...given, ...beside };
  const t = phaseStart();
  // The typed error of a key holder that is down, limits guesses or answers wrongly ends here.
  const answer = await ahead.keyHolderAnswer?.answer;
  measurePhase('hedgehog:key-holder-answer', t);
  const mark = answer?.hardenedUnder ?? null;
  const plan = hardenedLoginPlan(mark, known, hardened);
  if (plan.lookUnder === null) throw new KeyHolderAnswerRefusedError('unpinned-mark');
  const found = await findIn(deps, hardened, username, password, {
    ...ahead,
    keyHolderKey: plan.lookUnder,
  });
  if (found && mark === null) {
    // Stored while its mark was lost (or never sent): marked now, so no browser looks further.
    await hardened.mark(found.credentials.username, plan.lookUnder).catch(() => undefined);
  }
  // What was begun ahead is under the current key, whichever key the record was found under.
  return { found: found && { ...found, ahead }, weaker: found ? null : plan.weaker, mark, ahead };
}
