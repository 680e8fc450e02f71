import type { WalletSession } from '../../session/index.ts';
import { getSettings, updateSettings } from '../../settings/index.ts';
import type { Router } from '../router.ts';
import { emptySchema, settingsSetSchema } from '../schemas.ts';

export function registerSettingsMessages(router: Router, session: WalletSession): void {
  router.register({
    type: 'settings.get',
    input: emptySchema,
    access: 'extension-page',
    handle: () => getSettings(),
  });
  router.register({
    type: 'settings.set',
    input: settingsSetSchema,
    access: 'extension-page',
    handle: async (patch) => {
      const before = await getSettings();
      const after = await updateSettings(patch);
      // The lock setting decides which storage area holds the entropy: move it now.
      if (before.lockOnBrowserClose !== after.lockOnBrowserClose) await session.relocateStorage();
      return after;
    },
  });
}
