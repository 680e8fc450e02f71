// The clipboard guard's one decision, shared by the popup, Chromium's offscreen document and
// Firefox's event page: after the delay, clear the clipboard only if it still holds the secret.
// The guards outside the popup never see the secret, only its SHA-256 digest.

/** How long the phrase may stay on the clipboard. */
export const CLIPBOARD_CLEAR_MS = 60_000;

export interface ClipboardAccess {
  /** Rejects when the browser refuses the read. */
  readText(): Promise<string>;
  /** Empties the clipboard. */
  clear(): Promise<void>;
}

/** Lowercase hex SHA-256 of the UTF-8 text. */
export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
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
