import { sha256Hex } from '@encore-wallet/utils/encoding';
import { CLIPBOARD_CLEAR_MS } from '../../../lib/extension/clipboard/index.ts';

// Copies a secret and takes it back off the clipboard later, but only if the clipboard still
// holds it: whatever the person copied since is theirs. Two guards:
// - one that outlives the popup (a toolbar popup closes as soon as it loses the focus, e.g. when
//   the person goes to paste): the worker hands it to an offscreen document (Chromium) or an
//   alarm of the event page (Firefox). It needs the optional clipboard permissions, asked for on
//   the first Copy, and is given only the secret's SHA-256 digest;
// - this page's own timer, which runs while the popup stays open, whatever the answer.
//
// Chromium refuses `readText()` to an extension page without the clipboardRead permission. Then
// the page decides from what it witnessed: the clipboard still holds the secret when the page
// kept the focus all along and nothing was copied or cut inside it. Anything else leaves the
// clipboard alone.

/** 'guarded': cleared even if the popup closes; 'popup-only': only while it stays open. */
export type CopyOutcome = 'guarded' | 'popup-only';

export interface CopyDeps {
  /** Writes the secret and starts this page's timer; resolves to its cancel function. */
  guardHere(secret: string): Promise<() => void>;
  /** Asks for the clipboard permissions (resolves false when declined). */
  requestPermissions(): Promise<boolean>;
  /** Hands the digest to the guard that outlives the popup; false if it could not. */
  handOff(digest: string): Promise<boolean>;
}

/**
 * Copies `secret` and arranges its clearing. Call it inside the click: the write and the
 * permission request both start before the first `await` (Firefox accepts a permission request
 * only while the click is being handled).
 */
export function copyAndGuard(
  secret: string,
  deps: CopyDeps,
): Promise<{ stop: () => void; outcome: CopyOutcome }> {
  const guarding = deps.guardHere(secret);
  const granted = deps.requestPermissions().catch(() => false);
  return (async () => {
    const stop = await guarding;
    const digest = await sha256Hex(secret);
    // Handed off before the answer: if this page closes while the prompt shows, the worker
    // starts the guard when the grant arrives.
    const handOff = (): Promise<boolean> => deps.handOff(digest).catch(() => false);
    const early = await handOff();
    if (early) return { stop, outcome: 'guarded' };
    if (!(await granted)) return { stop, outcome: 'popup-only' };
    return { stop, outcome: (await handOff()) ? 'guarded' : 'popup-only' };
  })();
}

export interface ClipboardLike {
  writeText(text: string): Promise<void>;
  readText(): Promise<string>;
}

/** Where the page hears that it lost the focus or that something was copied in it. */
export interface FocusWitness {
  addEventListener(type: 'blur' | 'copy' | 'cut' | 'visibilitychange', cb: () => void): void;
  removeEventListener(type: 'blur' | 'copy' | 'cut' | 'visibilitychange', cb: () => void): void;
}

const EVENTS = ['blur', 'copy', 'cut', 'visibilitychange'] as const;

/**
 * Writes `secret`; after `ms`, clears the clipboard if it still holds exactly `secret`. Returns
 * a function that cancels the clearing (a newer copy takes over).
 */
export async function copyForAWhile(
  secret: string,
  clipboard: ClipboardLike = navigator.clipboard,
  ms = CLIPBOARD_CLEAR_MS,
  witness: FocusWitness = window,
): Promise<() => void> {
  await clipboard.writeText(secret);
  let elsewhere = false;
  const noteElsewhere = (): void => {
    elsewhere = true;
  };
  for (const type of EVENTS) witness.addEventListener(type, noteElsewhere);
  const stop = (): void => {
    clearTimeout(timer);
    for (const type of EVENTS) witness.removeEventListener(type, noteElsewhere);
  };
  const timer = setTimeout(() => {
    stop();
    void clearIfStill(secret, clipboard, elsewhere);
  }, ms);
  return stop;
}

async function clearIfStill(
  secret: string,
  clipboard: ClipboardLike,
  elsewhere: boolean,
): Promise<void> {
  let still: boolean;
  try {
    still = (await clipboard.readText()) === secret;
  } catch {
    still = !elsewhere;
  }
  if (still) await clipboard.writeText('').catch(() => undefined);
}
