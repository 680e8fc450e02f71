import { useRef, useState } from 'preact/hooks';
import { requestClipboardPermissions } from '../../../lib/extension/clipboard/index.ts';
import { sendMessage } from './api.ts';
import { type CopyOutcome, copyAndGuard, copyForAWhile } from './clipboard-guard.ts';

/**
 * Copy for a secret on screen (the recovery phrase, the private key), under the clipboard guard
 * (clipboard-guard.ts): `copied` says how the last copy is guarded, or that it failed. Leaving the
 * view keeps the clearing timer (not cancelled on unmount): it guards the clipboard, not the view.
 */
export function useGuardedCopy(secret: string): {
  copied: CopyOutcome | 'failed' | null;
  copy: () => void;
} {
  const [copied, setCopied] = useState<CopyOutcome | 'failed' | null>(null);
  const cancelClear = useRef<(() => void) | null>(null);

  // Not async: the write and the permission request must start inside the click.
  function copy(): void {
    cancelClear.current?.();
    copyAndGuard(secret, {
      guardHere: (text) => copyForAWhile(text),
      requestPermissions: requestClipboardPermissions,
      handOff: async (digest) => (await sendMessage('clipboard.guard', { digest })).guarded,
    }).then(
      ({ stop, outcome }) => {
        cancelClear.current = stop;
        setCopied(outcome);
      },
      () => setCopied('failed'),
    );
  }

  return { copied, copy };
}
