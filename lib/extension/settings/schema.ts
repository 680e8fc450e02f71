import { z } from 'zod';
import { findChain, MAX_ADDED_CHAINS } from './chains.ts';
import { keyHolderSchema } from './key-holder.ts';
import { valueThresholdsSchema } from './value-thresholds.ts';
import { requiredDecimals } from './well-known-currencies.ts';

const httpUrl = z.lazy(() =>
  z
    .string()
    .trim()
    .refine(isHttpUrl, 'Enter a full http:// or https:// URL, for example https://example.com')
    // Stored without a trailing slash so "host/" and "host" are one setting.
    .transform((value) => value.replace(/\/+$/, '')),
);

const RPC_URL_HINT = 'Enter a full http:// or https:// URL, for example https://rpc.example/v1';

/**
 * A chain's JSON-RPC URL. http(s) only, and no user name or password in it: the URL is sent with
 * every read a site asks for, and a credential there would sit in storage and in logs as text.
 * (An API key in the path, as most providers use, is the person's choice.)
 */
export const rpcUrlSchema = z.lazy(() =>
  z
    .string()
    .trim()
    .max(2048, 'Keep the URL under 2048 characters')
    .refine(isHttpUrl, RPC_URL_HINT)
    .refine(
      (value) => !isHttpUrl(value) || !hasCredentials(value),
      'Remove the user name and password from the URL (user:password@ is not allowed)',
    ),
);

/** Chain id (decimal, one of SUPPORTED_CHAINS) → the RPC URL sites' reads go to on that chain. */
export const rpcUrlsSchema = z.lazy(() =>
  z.record(
    z.string().refine((id) => findChain(Number(id)) !== undefined && String(Number(id)) === id, {
      message: 'Choose one of the supported chains',
    }),
    rpcUrlSchema,
  ),
);

/** A name a person reads in the approval window and the options page: printable, short. */
export const chainNameSchema = z.lazy(() =>
  z
    .string()
    .trim()
    .min(1, 'must not be empty')
    .max(64, 'must be at most 64 characters')
    // No control, format or line/paragraph separator characters: the name must read as it is.
    .refine((name) => !/[\p{Cc}\p{Cf}\u2028\u2029]/u.test(name), 'must be printable text'),
);

/**
 * A chain's native currency. The symbol is ASCII letters and digits (a Cyrillic "ЕТН" would read
 * as ETH); a well-known symbol must have its own decimals (well-known-currencies.ts).
 */
export const nativeCurrencySchema = z.lazy(() =>
  z
    .object({
      name: chainNameSchema,
      symbol: z.string().regex(/^[A-Za-z0-9]{2,6}$/, 'must be 2 to 6 ASCII letters or digits'),
      decimals: z.number().int().min(0).max(36),
    })
    .superRefine((currency, ctx) => {
      const required = requiredDecimals(currency.symbol);
      if (required !== null && currency.decimals !== required) {
        ctx.addIssue({
          code: 'custom',
          path: ['decimals'],
          message: `must be ${required} for ${currency.symbol}: amounts and limits in it are counted with ${required} decimals`,
        });
      }
    }),
);

/** A block explorer's address: https only (it is shown as a link). */
export const explorerUrlSchema = z.lazy(() =>
  z
    .string()
    .max(2048)
    .refine((value) => {
      try {
        return new URL(value).protocol === 'https:' && !hasCredentials(value);
      } catch {
        return false;
      }
    }, 'must be an https:// URL without credentials'),
);

/** Chain ids as integers: positive and exact in a JavaScript number. */
export const chainIdNumberSchema = z.lazy(() =>
  z.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
);

/** One added chain as stored. Built-in chain ids are not added chains (they use rpcUrls). */
export const addedChainSchema = z.lazy(() =>
  z
    .object({
      id: chainIdNumberSchema.refine((id) => findChain(id) === undefined, 'is a built-in chain'),
      name: chainNameSchema,
      rpcUrl: rpcUrlSchema,
      nativeCurrency: nativeCurrencySchema,
      blockExplorerUrls: z.array(explorerUrlSchema).max(4),
    })
    .strict(),
);

/**
 * The added chains. Read entry by entry: a stored record is input, and one damaged or hostile
 * entry costs only itself (and a repeated id keeps its first entry).
 */
export const addedChainsSchema = z.lazy(() =>
  z
    .array(z.unknown())
    .max(MAX_ADDED_CHAINS, `Encore keeps at most ${MAX_ADDED_CHAINS} added chains`)
    .transform((entries) => {
      const chains: z.output<typeof addedChainSchema>[] = [];
      for (const entry of entries) {
        const parsed = addedChainSchema.safeParse(entry);
        if (parsed.success && !chains.some((chain) => chain.id === parsed.data.id)) {
          chains.push(parsed.data);
        }
      }
      return chains;
    }),
);

/**
 * Chain id (decimal) → the person's daily spending limit there (chains without an entry have the
 * default, see spending-limits.ts). Amounts in wei, as decimal text; at most 10^30 wei.
 */
export const spendingLimitsSchema = z.lazy(() =>
  z.record(
    z.string().regex(/^[1-9][0-9]{0,15}$/, 'must be a chain id'),
    z.discriminatedUnion('kind', [
      z.strictObject({ kind: z.literal('unlimited') }),
      z.strictObject({
        kind: z.literal('daily'),
        wei: z.string().regex(/^(0|[1-9][0-9]{0,29})$/, 'Enter an amount of at most 10^30 wei'),
      }),
    ]),
  ),
);

const ID_TOKEN_LIFETIME_HINT = 'Enter whole seconds from 60 to 3600';

function buildSettingsSchema() {
  return z.object({
    backendUrl: httpUrl,
    catalogHostListUrl: httpUrl,
    appName: z
      .string()
      .trim()
      .min(1, 'The app name cannot be empty')
      .max(64, 'Keep the app name under 64 characters'),
    lockOnBrowserClose: z.boolean(),
    // A built-in chain or one in addedChains (checked against both when read and when saved).
    chainId: chainIdNumberSchema,
    // How long an ID token a site receives stays valid: long enough to reach the site's server,
    // short enough that a leaked token soon stops working.
    idTokenLifetimeSeconds: z
      .number({ error: ID_TOKEN_LIFETIME_HINT })
      .int(ID_TOKEN_LIFETIME_HINT)
      .min(60, ID_TOKEN_LIFETIME_HINT)
      .max(3600, ID_TOKEN_LIFETIME_HINT),
    // Chains without an entry have no RPC URL: sites' chain reads there answer 4901.
    rpcUrls: rpcUrlsSchema,
    // Chains sites added with the person's approval (wallet_addEthereumChain), each with its URL.
    addedChains: addedChainsSchema,
    // Sets isMetaMask on the injected provider, for sites that look for nothing else.
    answerAsMetaMask: z.boolean(),
    // What transactions may cost per chain in 24 hours before the password is asked for.
    spendingLimits: spendingLimitsSchema,
    // Per chain: from how much of its currency the popup suggests a stronger wallet.
    valueThresholds: valueThresholdsSchema,
    // Chain id → the ERC-4337 bundler (ERC-7769) that carries batches a site's ERC-7677
    // paymaster pays for; validated as RPC URLs are. Chains without one offer no paymasterService.
    bundlerUrls: rpcUrlsSchema,
    // The key holder sign-ups harden records with and logins ask first, its public key pinned
    // (key-holder.ts); null: none, and records are made in the build's other format.
    keyHolder: keyHolderSchema(),
  });
}

let settings: ReturnType<typeof buildSettingsSchema> | undefined;

/** The whole settings object (built on first use: nothing at a worker's start needs it yet). */
export function settingsSchema(): ReturnType<typeof buildSettingsSchema> {
  settings ??= buildSettingsSchema();
  return settings;
}

export type Settings = z.output<ReturnType<typeof settingsSchema>>;

/** A partial update; every given field is validated like the full settings. */
export const settingsPatchSchema = z.lazy(() => settingsSchema().partial().strict());
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
