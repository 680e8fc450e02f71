// Login and sign-up through the real popup, timed inside the popup from the button's click to the
// address in the page, and the phases of that login read from the worker and the popup.
import type { Page, Worker } from '@playwright/test';
import { type Measures, readMeasures, span } from './measures.ts';

export interface Submitted {
  /** Wall clock at the click and when the address was in the page (seen by a MutationObserver). */
  clickAt: number;
  shownAt: number;
  total: number;
}

/** Fills the form of `mode` and leaves the submit button to `submitTimed`. */
export async function fillForm(
  popup: Page,
  mode: 'login' | 'signup',
  username: string,
  password: string,
): Promise<void> {
  // The popup is a tab here; a real one is in front while someone types into it (a background
  // tab's renderer runs at a lower priority).
  await popup.bringToFront();
  await popup.getByTestId(mode === 'login' ? 'show-login' : 'show-signup').click();
  await popup.getByTestId('username').fill(username);
  await popup.getByTestId('password').fill(password);
  if (mode === 'signup') await popup.getByTestId('password-repeat').fill(password);
}

/** Clicks the submit button from inside the page (no automation round trip in the figure). */
export async function submitTimed(popup: Page, mode: 'login' | 'signup'): Promise<Submitted> {
  const testId = mode === 'login' ? 'login-submit' : 'signup-submit';
  // No named functions inside: tsx would wrap them in a helper the page does not have.
  const timed = await popup.evaluate(
    (id) =>
      new Promise<{ clickAt: number; shownAt: number }>((resolve, reject) => {
        const button = document.querySelector<HTMLButtonElement>(`[data-testid="${id}"]`);
        if (!button) throw new Error(`no ${id} button`);
        let t0 = 0;
        const observer = new MutationObserver(() => {
          const address = document.querySelector('[data-testid="address"]');
          if (address && /^0x[0-9a-fA-F]{40}$/.test(address.textContent ?? '')) {
            const t1 = performance.now();
            observer.disconnect();
            resolve({ clickAt: performance.timeOrigin + t0, shownAt: performance.timeOrigin + t1 });
          }
          const error = document.querySelector('[data-testid="form-error"]');
          if (error) {
            observer.disconnect();
            reject(new Error(`popup: ${error.textContent}`));
          }
        });
        observer.observe(document.body, { childList: true, subtree: true, characterData: true });
        t0 = performance.now();
        button.click();
      }),
    testId,
  );
  return { ...timed, total: timed.shownAt - timed.clickAt };
}

/** Logs out and waits for the forms, then for the worker to go quiet. */
export async function logOut(popup: Page): Promise<void> {
  // The wallet view looks up the catalog profile: let that finish so it does not overlap.
  await popup
    .locator('[data-testid="no-profile"], [data-testid="profile-name"]')
    .first()
    .waitFor({ timeout: 30_000 });
  await popup.getByTestId('logout').click();
  await popup
    .locator('[data-testid="login-submit"], [data-testid="signup-submit"]')
    .first()
    .waitFor();
}

/** One login's phases, in milliseconds, in order; names starting with ∥ ran alongside others. */
export type Phases = [name: string, ms: number][];

export async function loginPhases(
  submitted: Submitted,
  worker: Worker,
  popup: Page,
  cold: boolean,
): Promise<Phases> {
  const w = await readMeasures(worker);
  const p = await readMeasures(popup);
  const d = (m: Measures, name: string): number => span(m, name).duration;
  const message = span(w, 'encore:message:login');
  const phases: Phases = [];
  // The popup derives the first key itself while the worker starts (when it did, for this login).
  const popupKey = p.spans.get('encore:popup:lookup-key');
  const inPopup = popupKey !== undefined && popupKey.start >= submitted.clickAt;
  if (inPopup) phases.push(['first derivation (lookup key, in the popup)', popupKey.duration]);
  const sent = inPopup ? popupKey.end : submitted.clickAt;
  const mark = inPopup ? '∥ ' : '';
  if (cold) {
    const main = span(w, 'encore:worker:start');
    phases.push([`${mark}worker started (click → worker exists)`, w.origin - submitted.clickAt]);
    phases.push([`${mark}worker bundle evaluated`, main.duration]);
    if (!inPopup) phases.push(['message in (bundle → login handler)', message.start - main.end]);
  }
  if (inPopup || !cold) {
    phases.push([
      `message in (${inPopup ? 'popup' : 'click'} → login handler)`,
      message.start - sent,
    ]);
  }
  phases.push(['wait for ready (migrations, restore)', d(w, 'encore:message:login:wait-ready')]);
  if (!inPopup) {
    phases.push(['wait for warm-up', d(w, 'hedgehog:wait-warm-up')]);
    phases.push(['first derivation (lookup key)', d(w, 'hedgehog:scrypt-lookup-key')]);
  }
  // What a Hedgehog-format login spends on the record format: one storage read.
  phases.push(['which format this browser knows (storage read)', d(w, 'hedgehog:recall-format')]);
  phases.push(['GET /authentication', d(w, 'hedgehog:get-record')]);
  if (inPopup) phases.push(['wait for warm-up', d(w, 'hedgehog:wait-warm-up')]);
  phases.push(['second derivation (key)', d(w, 'hedgehog:scrypt-key')]);
  phases.push(['AES decrypt', d(w, 'hedgehog:aes-decrypt')]);
  if (w.spans.has('hedgehog:bip39-seed')) {
    phases.push(['BIP-39 seed', d(w, 'hedgehog:bip39-seed')]);
    phases.push(['HD derivation', d(w, 'hedgehog:hd-derive')]);
  } else {
    phases.push(['BIP-39 seed + HD derivation', d(w, 'hedgehog:wallet-from-entropy')]);
  }
  phases.push([
    'storage writes',
    d(w, 'hedgehog:store-entropy') + d(w, 'encore:session:store-username'),
  ]);
  phases.push(['connections for the account', d(w, 'encore:session:prepare-account')]);
  const prepared = span(w, 'encore:session:prepare-account').end;
  phases.push(['answer built (state)', message.end - prepared]);
  const answered = span(p, 'encore:popup:login').end;
  phases.push(['answer out (worker → popup)', answered - message.end]);
  phases.push(['popup render', span(p, 'encore:popup:address-shown').end - answered]);
  const accounted = phases.reduce((sum, [name, ms]) => (name.startsWith('∥') ? sum : sum + ms), 0);
  phases.push(['not accounted for', submitted.total - accounted]);
  return phases;
}

const SIGN_UP_KEYS = 'keys (worker: key, then the wallet; popup: lookup key)';

/** A sign-up's keys phase: its two derivations at once (what is not Encore's own time). */
export function signUpKeysPhase(phases: Phases): number {
  return phases.find(([name]) => name === SIGN_UP_KEYS)?.[1] ?? 0;
}

/**
 * One sign-up's phases, in order, from the popup's click to the address shown. The popup's own
 * derivation (the lookup key) runs beside the worker's: its line starts with ∥ and counts once,
 * as the wait in "keys".
 */
export async function signUpPhases(
  submitted: Submitted,
  worker: Worker,
  popup: Page,
): Promise<Phases> {
  const w = await readMeasures(worker);
  const p = await readMeasures(popup);
  const d = (m: Measures, name: string): number => span(m, name).duration;
  const message = span(w, 'encore:message:signUp');
  const phases: Phases = [
    ['message in (click → sign-up handler)', message.start - submitted.clickAt],
    ['wait for ready (migrations, restore)', d(w, 'encore:message:signUp:wait-ready')],
    ['wait for warm-up', d(w, 'hedgehog:wait-warm-up')],
  ];
  const popupKey = p.spans.get('encore:popup:sign-up-lookup-key');
  if (popupKey && popupKey.start >= submitted.clickAt) {
    phases.push(['∥ lookup key in the popup', popupKey.duration]);
  }
  phases.push([SIGN_UP_KEYS, d(w, 'hedgehog:sign-up-keys')]);
  phases.push(['wallet, encrypt (no backend call)', d(w, 'hedgehog:sign-up-prepare')]);
  phases.push(['remember the attempt (storage)', d(w, 'hedgehog:sign-up-remember')]);
  phases.push(['POST /users', d(w, 'hedgehog:set-user')]);
  phases.push(['POST /authentication', d(w, 'hedgehog:set-auth')]);
  phases.push(['storage writes', d(w, 'hedgehog:store-entropy')]);
  const answered = span(p, 'encore:popup:signup').end;
  const stored = span(w, 'hedgehog:store-entropy').end;
  const username = span(w, 'encore:session:store-username');
  const prepared = span(w, 'encore:session:prepare-account');
  phases.push(['forget the attempt, enter the session', username.start - stored]);
  phases.push(['username and snapshot (storage)', username.duration]);
  phases.push(['connections for the account', prepared.duration]);
  phases.push(['answer built (state)', message.end - prepared.end]);
  phases.push(['answer out (worker → popup)', answered - message.end]);
  phases.push(['popup render', span(p, 'encore:popup:address-shown').end - answered]);
  const accounted = phases.reduce((sum, [name, ms]) => (name.startsWith('∥') ? sum : sum + ms), 0);
  phases.push(['not accounted for', submitted.total - accounted]);
  return phases;
}
