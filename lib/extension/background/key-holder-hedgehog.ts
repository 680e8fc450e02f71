// The worker's wallet core follows the key holder setting (the build's, or the options page's):
// each call that makes, finds or opens a record reads the setting and goes to a wallet core built
// with that key holder, so a changed setting applies at the next login without a restart. A
// setting that is not a usable pin (a malformed build value, an unreadable stored one) makes the
// core refuse with KEY_HOLDER_PIN_INVALID: nothing is made or opened without the key holder the
// wallet was set to trust.

import type { Hedgehog, KeyHolderConfig } from '@encore-wallet/core';
import type { FetchText } from '@encore-wallet/utils/http';
import type { HedgehogLike } from '../session/index.ts';
import type { KeyHolderSetting } from '../settings/index.ts';

export interface KeyHolderHedgehogDeps {
  /** A wallet core for this key holder (none: records in the build's other format). */
  build: (keyHolder: KeyHolderConfig | undefined) => Hedgehog;
  /** The key holder setting now. */
  keyHolder: () => Promise<KeyHolderSetting | null>;
  /** What the key holder is asked with (tests answer in process); the global fetch by default. */
  fetch?: FetchText;
}

export type KeyHolderHedgehog = HedgehogLike & Pick<Hedgehog, 'warmUp'>;

/** The config the wallet core takes for a setting: the pin as it is, checked by the core. */
export function keyHolderConfig(setting: KeyHolderSetting, fetch?: FetchText): KeyHolderConfig {
  return {
    url: setting.url,
    keyId: setting.keyId,
    publicKey: setting.publicKey,
    previous: setting.previous.map(({ keyId, publicKey }) => ({ keyId, publicKey })),
    ...(fetch ? { fetch } : {}),
  };
}

export function keyHolderHedgehog(deps: KeyHolderHedgehogDeps): KeyHolderHedgehog {
  // The core built for the setting last read; `key` is that setting as JSON.
  let current: { key: string; hedgehog: Hedgehog } | null = null;

  /** The core for the key holder set now; throws the core's KEY_HOLDER_PIN_INVALID for a bad pin. */
  async function forRecords(): Promise<Hedgehog> {
    const setting = await deps.keyHolder();
    const key = JSON.stringify(setting);
    if (current?.key !== key) {
      // Built first, kept only once built: an unusable pin throws here, every time it is read.
      const hedgehog = deps.build(
        setting === null ? undefined : keyHolderConfig(setting, deps.fetch),
      );
      // The wallet the last core held stays logged in: the new one reads the same stored entropy.
      const loggedIn = current?.hedgehog.getWallet() != null;
      current = { key, hedgehog };
      if (loggedIn) await hedgehog.restoreLocalWallet().catch(() => null);
    }
    return current.hedgehog;
  }

  /**
   * The core for what touches no record (the wallet in memory, the stored entropy, logout): the
   * one for the key holder set now, or, when that pin is unusable, one without a key holder
   * (which makes and opens no record: those calls go through `forRecords`).
   */
  async function forLocal(): Promise<Hedgehog> {
    try {
      return await forRecords();
    } catch {
      current ??= { key: '', hedgehog: deps.build(undefined) };
      return current.hedgehog;
    }
  }

  return {
    signUp: async (...args) => (await forRecords()).signUp(...args),
    login: async (...args) => (await forRecords()).login(...args),
    changePassword: async (...args) => (await forRecords()).changePassword(...args),
    restoreFromMnemonic: async (...args) => (await forRecords()).restoreFromMnemonic(...args),
    confirmPassword: async (...args) => (await forRecords()).confirmPassword(...args),
    strengthen: async (...args) => (await forRecords()).strengthen(...args),
    rememberedFormat: async (...args) => (await forRecords()).rememberedFormat(...args),
    knownFormat: async (...args) => (await forRecords()).knownFormat(...args),
    logout: async () => (await forLocal()).logout(),
    getWallet: () => current?.hedgehog.getWallet() ?? null,
    restoreLocalWallet: async () => (await forLocal()).restoreLocalWallet(),
    warmUp: async () => (await forLocal()).warmUp(),
  };
}
