import type { ClipboardAccess } from './guard.ts';

/**
 * The clipboard as Chromium's offscreen document can reach it: it never has the focus that
 * `navigator.clipboard` asks for, but `execCommand` pastes with clipboardRead and copies with
 * clipboardWrite.
 */
export function execCommandClipboard(doc: Document): ClipboardAccess {
  return {
    async readText() {
      const area = doc.createElement('textarea');
      doc.body.append(area);
      try {
        area.focus();
        if (!doc.execCommand('paste')) throw new Error('Paste refused');
        return area.value;
      } finally {
        area.remove();
      }
    },
    async clear() {
      // `copy` needs a selection to fire; the handler replaces what would be copied with nothing.
      const area = doc.createElement('textarea');
      area.value = ' ';
      doc.body.append(area);
      const empty = (event: ClipboardEvent): void => {
        event.clipboardData?.setData('text/plain', '');
        event.preventDefault();
      };
      doc.addEventListener('copy', empty);
      try {
        area.select();
        if (!doc.execCommand('copy')) throw new Error('Copy refused');
      } finally {
        doc.removeEventListener('copy', empty);
        area.remove();
      }
    },
  };
}

/** The clipboard as Firefox's event page reaches it (clipboardRead and clipboardWrite granted). */
export function navigatorClipboard(clipboard: Clipboard): ClipboardAccess {
  return {
    readText: () => clipboard.readText(),
    clear: () => clipboard.writeText(''),
  };
}
