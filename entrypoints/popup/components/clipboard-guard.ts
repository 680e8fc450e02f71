// Copies a secret and takes it back off the clipboard later, but only if the clipboard still
// holds it: whatever the person copied since is theirs. The timer lives in the popup (the worker
// has no clipboard, and an offscreen document needs clipboard permissions whose install warning
// would disable Encore on update), so it runs while the popup stays open.

export const CLIPBOARD_CLEAR_MS = 60_000;

export interface ClipboardLike {
  writeText(text: string): Promise<void>;
  readText(): Promise<string>;
}

/** Writes `secret`; after `ms`, clears the clipboard if it still holds exactly `secret`. */
export async function copyForAWhile(
  secret: string,
  clipboard: ClipboardLike = navigator.clipboard,
  ms = CLIPBOARD_CLEAR_MS,
): Promise<() => void> {
  await clipboard.writeText(secret);
  const timer = setTimeout(() => void clearIfStill(secret, clipboard), ms);
  return () => clearTimeout(timer);
}

async function clearIfStill(secret: string, clipboard: ClipboardLike): Promise<void> {
  try {
    if ((await clipboard.readText()) === secret) await clipboard.writeText('');
  } catch {
    // Unreadable (no focus, or refused): never overwrite what may be the person's own copy.
  }
}
