import type { WalletSession } from '../../session/index.ts';
import { getSettings, settingsPatchSchema, updateSettings } from '../../settings/index.ts';
import { defineMessage } from '../define.ts';
import { emptySchema } from '../schemas.ts';

export interface SettingsMessageDeps {
  session: WalletSession;
}

/** The options page's messages. */
export function settingsMessages({ session }: SettingsMessageDeps) {
  return [
    defineMessage({
      type: 'settings.get',
      input: emptySchema,
      access: 'extension-page',
      handle: () => getSettings(),
    }),
    defineMessage({
      type: 'settings.set',
      input: settingsPatchSchema,
      access: 'extension-page',
      handle: async (patch) => {
        const before = await getSettings();
        const after = await updateSettings(patch);
        // The lock setting decides which storage area holds the entropy: move it now.
        if (before.lockOnBrowserClose !== after.lockOnBrowserClose) await session.relocateStorage();
        return after;
      },
    }),
  ];
}
