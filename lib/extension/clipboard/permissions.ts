import { browser } from 'wxt/browser';

// Optional, asked for on the first Copy: reading lets a guard outside the popup check that the
// clipboard still holds the phrase; writing lets it clear it without focus or a click. Chromium
// shows both as one line ("Read and modify data you copy and paste") at the request, never at
// install or update.
export const CLIPBOARD_PERMISSIONS = ['clipboardRead', 'clipboardWrite'] as const;

/** Asks for the clipboard permissions; call it inside the click (Firefox refuses otherwise). */
export async function requestClipboardPermissions(): Promise<boolean> {
  try {
    return await browser.permissions.request({ permissions: [...CLIPBOARD_PERMISSIONS] });
  } catch {
    return false;
  }
}

/** False also where the browser has no such permission or the API throws. */
export async function hasClipboardPermissions(): Promise<boolean> {
  try {
    return await browser.permissions.contains({ permissions: [...CLIPBOARD_PERMISSIONS] });
  } catch {
    return false;
  }
}
