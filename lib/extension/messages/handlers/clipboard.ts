import { z } from 'zod';
import { type ClipboardGuardService, digestSchema } from '../../clipboard/index.ts';
import { defineMessage } from '../define.ts';

export interface ClipboardMessageDeps {
  clipboardGuard: ClipboardGuardService;
}

// Only the popup copies the phrase; it sends the phrase's SHA-256 digest, never the words.
const guardSchema = z.lazy(() => z.strictObject({ digest: digestSchema }));

export function clipboardMessages({ clipboardGuard }: ClipboardMessageDeps) {
  return [
    defineMessage({
      type: 'clipboard.guard',
      input: guardSchema,
      access: 'popup',
      handle: async ({ digest }) => ({ guarded: await clipboardGuard.handOff(digest) }),
    }),
  ];
}
