// Copies a secret and takes it back off the clipboard later, but only if the clipboard still
// holds it: whatever the person copied since is theirs. The timer lives in the popup (the worker
// has no clipboard, and an offscreen document needs clipboard permissions whose install warning
// would disable Encore on update), so it runs while the popup stays open.
//
// Chromium refuses `readText()` to an extension page without the clipboardRead permission. Then
// the page decides from what it witnessed: the clipboard still holds the secret when the page
// kept the focus all along (a toolbar popup closes when it loses it) and nothing was copied or
// cut inside it. Anything else leaves the clipboard alone.

export const CLIPBOARD_CLEAR_MS = 60_000;

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
