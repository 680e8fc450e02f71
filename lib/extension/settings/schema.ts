import { z } from 'zod';
import { findChain } from './chains.ts';

const httpUrl = z
  .string()
  .trim()
  .refine(isHttpUrl, 'Enter a full http:// or https:// URL, for example https://example.com')
  // Stored without a trailing slash so "host/" and "host" are one setting.
  .transform((value) => value.replace(/\/+$/, ''));

const ID_TOKEN_LIFETIME_HINT = 'Enter whole seconds from 60 to 3600';

export const settingsSchema = z.object({
  backendUrl: httpUrl,
  catalogHostListUrl: httpUrl,
  appName: z
    .string()
    .trim()
    .min(1, 'The app name cannot be empty')
    .max(64, 'Keep the app name under 64 characters'),
  lockOnBrowserClose: z.boolean(),
  chainId: z
    .number()
    .int()
    .refine((id) => findChain(id) !== undefined, 'Choose one of the supported chains'),
  // How long an ID token a site receives stays valid: long enough to reach the site's server,
  // short enough that a leaked token soon stops working.
  idTokenLifetimeSeconds: z
    .number({ error: ID_TOKEN_LIFETIME_HINT })
    .int(ID_TOKEN_LIFETIME_HINT)
    .min(60, ID_TOKEN_LIFETIME_HINT)
    .max(3600, ID_TOKEN_LIFETIME_HINT),
});

export type Settings = z.output<typeof settingsSchema>;

/** A partial update; every given field is validated like the full settings. */
export const settingsPatchSchema = settingsSchema.partial().strict();
export type SettingsPatch = z.input<typeof settingsPatchSchema>;

function isHttpUrl(value: string): boolean {
  try {
    const { protocol, hostname } = new URL(value);
    return (protocol === 'http:' || protocol === 'https:') && hostname !== '';
  } catch {
    return false;
  }
}
