// The clipboard guard's one decision, shared by the popup, Chromium's offscreen document and
// Firefox's event page: after the delay, clear the clipboard only if it still holds the secret.
// The guards outside the popup never see the secret, only its SHA-256 digest.
import { sha256Hex } from '../../encoding/index.ts';

/** How long the phrase may stay on the clipboard. */
export const CLIPBOARD_CLEAR_MS = 60_000;

export interface ClipboardAccess {
  /** Rejects when the browser refuses the read. */
  readText(): Promise<string>;
  /** Empties the clipboard. */
  clear(): Promise<void>;
}

export type GuardOutcome = 'cleared' | 'changed' | 'unreadable';

/**
 * Clears the clipboard when its text hashes to `digest`. A clipboard that cannot be read is left
 * alone: what it holds may be the person's own.
 */
export async function clearIfDigest(
  digest: string,
  clipboard: ClipboardAccess,
): Promise<GuardOutcome> {
  let text: string;
  try {
    text = await clipboard.readText();
  } catch {
    return 'unreadable';
  }
  if ((await sha256Hex(text)) !== digest) return 'changed';
  await clipboard.clear();
  return 'cleared';
}
