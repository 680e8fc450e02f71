import { browser } from 'wxt/browser';
import { InvalidInputError } from '../messages/errors.ts';
import { defaultSettings } from './defaults.ts';
import { type Settings, type SettingsPatch, settingsPatchSchema } from './schema.ts';

// Only the fields a person changed are stored, so a new build's defaults still reach every
// field they never touched.
const KEY = 'encore:settings';

export async function getSettings(): Promise<Settings> {
  return { ...defaultSettings(), ...(await readOverrides()) };
}

/** Validates and saves a partial update; resolves to the full settings after the change. */
export async function updateSettings(patch: SettingsPatch): Promise<Settings> {
  const parsed = settingsPatchSchema.safeParse(patch);
  if (!parsed.success) {
    throw new InvalidInputError('settings', parsed.error.issues);
  }
  const overrides = { ...(await readOverrides()), ...stripUndefined(parsed.data) };
  await browser.storage.local.set({ [KEY]: overrides });
  return { ...defaultSettings(), ...overrides };
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

async function readOverrides(): Promise<Partial<Settings>> {
  const stored = (await browser.storage.local.get(KEY))[KEY];
  const parsed = settingsPatchSchema.safeParse(stored ?? {});
  // A corrupt or outdated record must not brick the wallet: fall back to the defaults.
  return parsed.success ? stripUndefined(parsed.data) : {};
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
