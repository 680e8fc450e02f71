import { browser } from 'wxt/browser';
import { isRecord } from '../../guards/index.ts';
import { InvalidInputError } from '../errors/index.ts';
import { createWriteQueue, readProtectedRecord, writeProtectedRecord } from '../storage/index.ts';
import { knownChain } from './chains.ts';
import { defaultSettings } from './defaults.ts';
import { UNUSABLE_KEY_HOLDER } from './key-holder.ts';
import {
  type Settings,
  type SettingsPatch,
  settingsPatchSchema,
  settingsSchema,
} from './schema.ts';

// Only the fields a person changed are stored, so a new build's defaults still reach every
// field they never touched.
const KEY = 'encore:settings';

/**
 * What an unreadable stored value of a security setting reads as, where the default would be the
 * weaker choice: a damaged record must never switch "log out when the browser closes" off.
 */
const FAIL_CLOSED: Partial<Settings> = { lockOnBrowserClose: true };

/**
 * The same for one stored field that cannot be read. A key holder the person set that reads as
 * none would make new records without it: it reads as an unusable one instead, which makes and
 * opens nothing until set again. (A whole record that cannot be read says nothing of a key
 * holder; it reads as the build's.)
 */
const FIELD_FAIL_CLOSED: Partial<Settings> = {
  ...FAIL_CLOSED,
  keyHolder: UNUSABLE_KEY_HOLDER,
};

// Read-modify-write on one key: chained so two quick saves never drop one another.
const serialized = createWriteQueue();

export async function getSettings(): Promise<Settings> {
  return withDefaults(readOverrides(await readRecord()));
}

/**
 * Validates and saves a partial update; resolves to the full settings after the change. Stored
 * keys this build does not know, and stored values it cannot read, are kept as they were.
 */
export function updateSettings(patch: SettingsPatch): Promise<Settings> {
  const parsed = settingsPatchSchema.safeParse(patch);
  if (!parsed.success) {
    return Promise.reject(new InvalidInputError('settings', parsed.error.issues));
  }
  return serialized(async () => {
    const stored = await readRecord();
    // A record that is not an object cannot be added to; start over, keeping its fail-closed reading.
    const base = isRecord(stored) ? stored : stored === undefined ? {} : { ...FAIL_CLOSED };
    const next = { ...base, ...stripUndefined(parsed.data) };
    const result = withDefaults(readOverrides(next));
    // The chain must be one these settings offer (a built-in one or an added one).
    if (parsed.data.chainId !== undefined && result.chainId !== parsed.data.chainId) {
      throw new InvalidInputError('settings', [
        { path: ['chainId'], message: 'Choose one of the supported chains' },
      ]);
    }
    await writeProtectedRecord(KEY, next);
    return result;
  });
}

/** Calls `cb` with the new settings whenever any context changes them. Returns an unsubscribe. */
export function onSettingsChanged(cb: (settings: Settings) => void): () => void {
  const listener = (changes: Record<string, unknown>, area: string): void => {
    if (area !== 'local' || !(KEY in changes)) return;
    void getSettings().then(cb);
  };
  browser.storage.onChanged.addListener(listener);
  return () => browser.storage.onChanged.removeListener(listener);
}

/**
 * The stored record; null (which reads as the fail-closed values over the defaults) when it is
 * not the one this extension last wrote: in Firefox a content script can write storage.local,
 * so the record is sealed there, and a forged, changed, removed or older copy never counts.
 */
async function readRecord(): Promise<unknown> {
  const read = await readProtectedRecord(KEY);
  return read.status === 'ok' ? read.value : read.status === 'absent' ? undefined : null;
}

/**
 * Each stored field parsed on its own: one bad or unknown field costs only itself (it reads as
 * its default, or as its fail-closed value), never the others.
 */
function readOverrides(stored: unknown): Partial<Settings> {
  if (stored === undefined) return {};
  if (!isRecord(stored)) return { ...FAIL_CLOSED };
  const overrides: Record<string, unknown> = {};
  for (const [field, schema] of Object.entries(settingsSchema().shape)) {
    if (!Object.hasOwn(stored, field)) continue;
    const parsed = schema.safeParse(stored[field]);
    if (parsed.success) overrides[field] = parsed.data;
    else if (Object.hasOwn(FIELD_FAIL_CLOSED, field)) {
      overrides[field] = FIELD_FAIL_CLOSED[field as keyof Settings];
    }
  }
  return overrides as Partial<Settings>;
}

function withDefaults(overrides: Partial<Settings>): Settings {
  const defaults = defaultSettings();
  const settings = { ...defaults, ...overrides };
  // A chain id whose chain is gone (or never was: a hostile record) reads as the default chain.
  if (!knownChain(settings, settings.chainId)) settings.chainId = defaults.chainId;
  return settings;
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
