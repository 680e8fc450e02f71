// The clipboard guard's one decision, shared by the popup, Chromium's offscreen document and
// Firefox's event page: after the delay, clear the clipboard only if it still holds the secret.
// The guards outside the popup never see the secret, only its SHA-256 digest.
import { sha256Hex } from '@encore-wallet/utils/encoding';

/** How long the phrase may stay on the clipboard. */
export const CLIPBOARD_CLEAR_MS = 60_000;

export interface ClipboardAccess {
  /** Rejects when the browser refuses the read. */
  readText(): Promise<string>;
  /** Empties the clipboard. */
  clear(): Promise<void>;
}

/** 'stuck': the phrase was still there after every attempt to clear it. */
export type GuardOutcome = 'cleared' | 'changed' | 'unreadable' | 'stuck';

export interface ClearOptions {
  /** Looks at the clipboard at most this many times. */
  attempts?: number;
  /** Between two looks. */
  pause?: () => Promise<void>;
}

const ATTEMPTS = 4;
const PAUSE_MS = 150;

/**
 * Clears the clipboard when its text hashes to `digest`, and checks that it is gone: Chromium's
 * offscreen document reaches the clipboard through `execCommand` paste and copy, and either can
 * come back without having done anything (an empty paste, a copy that did not land), which left
 * the phrase on the clipboard now and then. So the guard looks again after clearing, and clears
 * again while the phrase is still there; a first look that reads nothing (or nothing readable)
 * is taken again before the clipboard is judged the person's own. A clipboard that keeps being
 * unreadable is left alone: what it holds may be the person's own.
 */
export async function clearIfDigest(
  digest: string,
  clipboard: ClipboardAccess,
  options: ClearOptions = {},
): Promise<GuardOutcome> {
  const attempts = options.attempts ?? ATTEMPTS;
  const pause = options.pause ?? (() => new Promise<void>((done) => setTimeout(done, PAUSE_MS)));
  let cleared = false;
  let last: 'unreadable' | 'empty' | 'other' = 'unreadable';
  for (let attempt = 1; attempt <= attempts; attempt++) {
    if (attempt > 1) await pause();
    let text: string | null;
    try {
      text = await clipboard.readText();
    } catch {
      text = null;
    }
    if (text !== null && (await sha256Hex(text)) === digest) {
      await clipboard.clear().catch(() => undefined);
      cleared = true;
      continue;
    }
    if (cleared) return 'cleared';
    last = text === null ? 'unreadable' : text === '' ? 'empty' : 'other';
    // Something else is on the clipboard: the person's own. Leave it at once.
    if (last === 'other') return 'changed';
  }
  if (cleared) return 'stuck';
  return last === 'unreadable' ? 'unreadable' : 'changed';
}
