// Version 2 -> 3: in Firefox, the wallet keys may live in storage.local, sealed.
//
// Firefox lets every content script of the extension read storage.local, so builds up to version
// 2 kept the wallet keys (entropy, username, snapshot, a pending sign-up) in storage.session only,
// and a person logged in again after every browser restart. From version 3, Firefox keeps them
// where the lock setting says, as Chromium does; in storage.local each value is sealed (AES-GCM
// under a non-extractable key in the extension origin's IndexedDB; see lib/extension/storage/
// sealing), and a plain value there is never read again.
//
// So, in Firefox: with "log out when the browser closes" off (now the default there too), the
// session in storage.session is sealed into storage.local and removed from storage.session: the
// person stays logged in, now across restarts. With it on, the keys stay in storage.session. A
// plain wallet value found in storage.local is sealed in place when storage.session holds no
// entropy (dropped when it does: see below), or, with the lock on, handed to storage.session as
// the previous build would have done at its next start. In Chromium (no `env.sealWalletValue`) nothing changes: storage.local is
// closed to content scripts there, and the values stay as they are.
//
// Keys are written out here rather than imported: a step describes the layout of its own version.

import { isRecord } from '../../../guards/index.ts';
import type { Migration, MigrationEnv, MigrationPlan, StorageSnapshot } from './types.ts';

const SETTINGS = 'encore:settings';
const WALLET_PREFIX = 'encore:wallet:';
const ENTROPY = 'encore:wallet:hedgehog-entropy-key';

export const sealedWalletKeys: Migration = {
  to: 3,
  name: 'sealed wallet keys in Firefox storage.local',
  async plan(snapshot: StorageSnapshot, env: MigrationEnv): Promise<MigrationPlan> {
    const seal = env.sealWalletValue;
    if (!seal) {
      return {
        set: {},
        remove: {},
        summary: 'storage.local is private in this browser: no change',
      };
    }
    const local = walletEntries(snapshot.local);
    const session = walletEntries(snapshot.session);
    const plainLocal = plainValues(local);
    const plainSession = plainValues(session);
    if (lockIsOn(snapshot.local[SETTINGS])) {
      if (Object.keys(plainLocal).length === 0) {
        return {
          set: {},
          remove: {},
          summary: 'log out on close is on: keys stay in storage.session',
        };
      }
      // The named area's entropy wins, as when the session moves keys.
      const moving = ENTROPY in session ? {} : plainLocal;
      return {
        set: { session: moving },
        remove: { local: Object.keys(plainLocal) },
        summary: `${plural(Object.keys(plainLocal).length, 'plain wallet value')} moved from storage.local to storage.session`,
      };
    }
    // A session in storage.session wins over plain values in storage.local: builds from
    // 2026-11-22 to version 2 kept Firefox's keys in storage.session only, so a plain entropy in
    // storage.local beside one there was never read by them, and may be one a content script
    // planted (it can write storage.local, never storage.session). Sealing it would log the
    // person into a wallet the attacker knows. With no entropy in storage.session, storage.local's
    // plain values are sealed (an older build's session with the lock off).
    // A sealed entropy in storage.local counts only when it opens under the extension's key
    // (this step wrote it before a stop): a content script can write an object of the sealed
    // shape too, and trusting that one would remove the session's only copy.
    const ownSealed = await opensEntropy(local, env);
    const sealing = ownSealed
      ? plainLocal
      : ENTROPY in plainSession
        ? plainSession
        : ENTROPY in plainLocal
          ? plainLocal
          : { ...plainLocal, ...plainSession };
    const sealed: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(sealing)) sealed[key] = await seal(key, value);
    const removed = Object.keys(plainSession);
    const dropped = Object.keys(plainLocal).filter((key) => !(key in sealed));
    if (Object.keys(sealed).length === 0 && removed.length === 0) {
      return { set: {}, remove: {}, summary: 'no plain wallet values to seal' };
    }
    return {
      set: { local: sealed },
      remove: { session: removed, ...(dropped.length > 0 ? { local: dropped } : {}) },
      summary: `${plural(Object.keys(sealed).length, 'wallet value')} sealed into storage.local, ${plural(removed.length, 'value')} removed from storage.session`,
    };
  },
};

/** Whether storage.local's entropy is one this extension sealed (it opens under its key). */
async function opensEntropy(local: Record<string, unknown>, env: MigrationEnv): Promise<boolean> {
  if (!(ENTROPY in local) || !env.openWalletValue) return false;
  return (await env.openWalletValue(ENTROPY, local[ENTROPY]).catch(() => null)) !== null;
}

function walletEntries(items: Readonly<Record<string, unknown>>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(items).filter(([key]) => key.startsWith(WALLET_PREFIX)));
}

/** The string values: what the earlier builds wrote. Anything else is left where it is. */
function plainValues(items: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(items).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    ),
  );
}

/** As the settings store reads it: absent means off; anything but `false` means on. */
function lockIsOn(settings: unknown): boolean {
  if (settings === undefined) return false;
  if (!isRecord(settings)) return true;
  const lock = settings.lockOnBrowserClose;
  return lock === undefined ? false : lock !== false;
}

function plural(n: number, noun: string): string {
  return n === 1 ? `1 ${noun}` : `${n} ${noun}s`;
}
