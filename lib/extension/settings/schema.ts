import { z } from 'zod';
import { findChain } from './chains.ts';

const httpUrl = z
  .string()
  .trim()
  .refine(isHttpUrl, 'Enter a full http:// or https:// URL, for example https://example.com')
  // Stored without a trailing slash so "host/" and "host" are one setting.
  .transform((value) => value.replace(/\/+$/, ''));

const RPC_URL_HINT = 'Enter a full http:// or https:// URL, for example https://rpc.example/v1';

/**
 * A chain's JSON-RPC URL. http(s) only, and no user name or password in it: the URL is sent with
 * every read a site asks for, and a credential there would sit in storage and in logs as text.
 * (An API key in the path, as most providers use, is the person's choice.)
 */
export const rpcUrlSchema = z
  .string()
  .trim()
  .max(2048, 'Keep the URL under 2048 characters')
  .refine(isHttpUrl, RPC_URL_HINT)
  .refine(
    (value) => !isHttpUrl(value) || !hasCredentials(value),
    'Remove the user name and password from the URL (user:password@ is not allowed)',
  );

/** Chain id (decimal, one of SUPPORTED_CHAINS) → the RPC URL sites' reads go to on that chain. */
export const rpcUrlsSchema = z.record(
  z.string().refine((id) => findChain(Number(id)) !== undefined && String(Number(id)) === id, {
    message: 'Choose one of the supported chains',
  }),
  rpcUrlSchema,
);

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
  // Chains without an entry have no RPC URL: sites' chain reads there answer 4901.
  rpcUrls: rpcUrlsSchema,
  // Sets isMetaMask on the injected provider, for sites that look for nothing else.
  answerAsMetaMask: z.boolean(),
});

export type Settings = z.output<typeof settingsSchema>;

/** A partial update; every given field is validated like the full settings. */
export const settingsPatchSchema = settingsSchema.partial().strict();
export type SettingsPatch = z.input<typeof settingsPatchSchema>;

function hasCredentials(value: string): boolean {
  const { username, password } = new URL(value);
  return username !== '' || password !== '';
}

function isHttpUrl(value: string): boolean {
  try {
    const { protocol, hostname } = new URL(value);
    return (protocol === 'http:' || protocol === 'https:') && hostname !== '';
  } catch {
    return false;
  }
}
