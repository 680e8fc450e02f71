import type {
  AddedChain,
  ChainCurrency,
  Settings,
  SettingsPatch,
} from '../../../lib/extension/settings/index.ts';
import {
  defaultSpendingLimit,
  SUPPORTED_CHAINS,
  settingsSchema,
  spendingLimitFor,
} from '../../../lib/extension/settings/index.ts';
import {
  formatUnitsExact,
  parseUnitsExact,
  type SpendingLimit,
} from '../../../lib/transactions/index.ts';

/** A chain's daily spending limit as the form shows it: an amount in its currency, or none. */
export interface LimitValue {
  amount: string;
  unlimited: boolean;
}

/** The chains whose limits the form lists: built in, then added, each with its currency. */
export function limitChains(
  addedChains: readonly AddedChain[],
): { id: number; name: string; currency: ChainCurrency }[] {
  return [
    ...SUPPORTED_CHAINS.map(({ id, name, currency }) => ({ id, name, currency })),
    ...addedChains.map(({ id, name, nativeCurrency }) => ({
      id,
      name,
      currency: { symbol: nativeCurrency.symbol, decimals: nativeCurrency.decimals },
    })),
  ];
}

/** The form's text-typed view of the settings. */
export interface FormValues {
  backendUrl: string;
  catalogHostListUrl: string;
  appName: string;
  lockOnBrowserClose: boolean;
  chainId: string;
  idTokenLifetimeSeconds: string;
  /** Chain id → RPC URL as typed; an empty field means none. */
  rpcUrls: Record<string, string>;
  /** The chains sites added, as listed; removing one here takes it out on save. */
  addedChains: AddedChain[];
  answerAsMetaMask: boolean;
  /** Chain id → the limit in force (the person's or the default), as typed. */
  spendingLimits: Record<string, LimitValue>;
  /** Chain id → ERC-4337 bundler URL as typed; an empty field means none. */
  bundlerUrls: Record<string, string>;
  /** The key holder as typed; all three empty means none. */
  keyHolderUrl: string;
  keyHolderKeyId: string;
  keyHolderPublicKey: string;
  /** Earlier keys still pinned: one a line, its id, a space, its public key. */
  keyHolderPrevious: string;
}

/** Errors by field; an RPC URL's is keyed `rpcUrls.<chainId>`, a limit's `spendingLimits.<id>`. */
export type FieldErrors = Partial<
  Record<
    keyof FormValues | `rpcUrls.${string}` | `spendingLimits.${string}` | `bundlerUrls.${string}`,
    string
  >
>;

export function toForm(settings: Settings): FormValues {
  const spendingLimits: Record<string, LimitValue> = {};
  for (const chain of limitChains(settings.addedChains)) {
    const limit = spendingLimitFor(settings, chain.id, chain.currency);
    spendingLimits[String(chain.id)] =
      limit.kind === 'unlimited'
        ? { amount: '', unlimited: true }
        : {
            amount: formatUnitsExact(BigInt(limit.wei), chain.currency.decimals),
            unlimited: false,
          };
  }
  const { keyHolder, ...rest } = settings;
  return {
    ...rest,
    keyHolderUrl: keyHolder?.url ?? '',
    keyHolderKeyId: keyHolder?.keyId ?? '',
    keyHolderPublicKey: keyHolder?.publicKey ?? '',
    keyHolderPrevious: (keyHolder?.previous ?? [])
      .map((key) => `${key.keyId} ${key.publicKey}`)
      .join('\n'),
    chainId: String(settings.chainId),
    idTokenLifetimeSeconds: String(settings.idTokenLifetimeSeconds),
    spendingLimits,
  };
}

const LIMIT_HINT = 'Enter an amount such as 0.002, or tick "No limit"';

/**
 * The limits as settings: only those that differ from the chain's default are kept, so a chain
 * the person never changed follows the build's default. Errors keyed by chain.
 */
function readLimits(values: FormValues): {
  limits: Record<string, SpendingLimit>;
  errors: FieldErrors;
} {
  const limits: Record<string, SpendingLimit> = {};
  const errors: FieldErrors = {};
  for (const chain of limitChains(values.addedChains)) {
    const key = String(chain.id);
    const typed = values.spendingLimits[key];
    if (!typed) continue;
    let limit: SpendingLimit;
    if (typed.unlimited) limit = { kind: 'unlimited' };
    else {
      const wei = parseUnitsExact(typed.amount, chain.currency.decimals);
      if (wei === null || wei >= 10n ** 30n) {
        errors[`spendingLimits.${key}`] = LIMIT_HINT;
        continue;
      }
      limit = { kind: 'daily', wei: wei.toString() };
    }
    const fallback = defaultSpendingLimit(chain.id, chain.currency);
    if (JSON.stringify(limit) !== JSON.stringify(fallback)) limits[key] = limit;
  }
  return { limits, errors };
}

/** Validates with the same schema the background uses; errors keyed by field. */
export function parseForm(
  values: FormValues,
): { ok: true; settings: Settings } | { ok: false; errors: FieldErrors } {
  const { limits, errors: limitErrors } = readLimits(values);
  if (Object.keys(limitErrors).length > 0) return { ok: false, errors: limitErrors };
  const previous = readPreviousKeys(values.keyHolderPrevious);
  if (previous === null) return { ok: false, errors: { keyHolderPrevious: PREVIOUS_HINT } };
  const {
    keyHolderUrl: url,
    keyHolderKeyId: keyId,
    keyHolderPublicKey: publicKey,
    keyHolderPrevious: _previous,
    ...others
  } = values;
  const noKeyHolder =
    [url, keyId, publicKey].every((v) => v.trim() === '') && previous.length === 0;
  const parsed = settingsSchema().safeParse({
    ...others,
    keyHolder: noKeyHolder ? null : { url, keyId, publicKey, previous },
    spendingLimits: limits,
    chainId: Number(values.chainId),
    // Number('') is 0, which the schema refuses with the field's own message.
    idTokenLifetimeSeconds: Number(values.idTokenLifetimeSeconds),
    rpcUrls: Object.fromEntries(
      Object.entries(values.rpcUrls).filter(([, url]) => url.trim() !== ''),
    ),
    bundlerUrls: Object.fromEntries(
      Object.entries(values.bundlerUrls).filter(([, url]) => url.trim() !== ''),
    ),
  });
  if (parsed.success) return { ok: true, settings: parsed.data };
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const [first, second] = issue.path;
    const field = (
      first === 'keyHolder'
        ? keyHolderField(issue.path)
        : (first === 'rpcUrls' || first === 'bundlerUrls') && second !== undefined
          ? `${first}.${String(second)}`
          : first
    ) as keyof FieldErrors | undefined;
    if (first === 'keyHolder' && second === 'previous' && typeof issue.path[2] === 'number') {
      errors.keyHolderPrevious ??= `Line ${issue.path[2] + 1}: ${issue.message}`;
      continue;
    }
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return { ok: false, errors };
}

const PREVIOUS_HINT =
  'Write each earlier key on a line of its own: its id, a space, then its public key (64 hex characters)';

/** The earlier keys as typed, one a line (blank lines skipped); null when a line is not two words. */
function readPreviousKeys(text: string): { keyId: string; publicKey: string }[] | null {
  const keys: { keyId: string; publicKey: string }[] = [];
  for (const line of text.split('\n')) {
    const words = line.trim().split(/\s+/).filter(Boolean);
    if (words.length === 0) continue;
    const [keyId, publicKey] = words;
    if (words.length !== 2 || keyId === undefined || publicKey === undefined) return null;
    keys.push({ keyId, publicKey });
  }
  return keys;
}

function keyHolderField(path: readonly PropertyKey[]): keyof FormValues {
  const field = path[1];
  if (field === 'url') return 'keyHolderUrl';
  if (field === 'keyId') return 'keyHolderKeyId';
  if (field === 'previous') return 'keyHolderPrevious';
  return 'keyHolderPublicKey';
}

/**
 * The fields this save changes, and only those: the worker stores only what a person set, so a
 * field they never touched keeps following the build's default after an update.
 */
export function changedSettings(before: Settings, after: Settings): SettingsPatch {
  const patch: Record<string, unknown> = {};
  for (const key of Object.keys(after) as (keyof Settings)[]) {
    // The RPC URLs are one field holding a map: compared by content.
    if (JSON.stringify(after[key]) !== JSON.stringify(before[key])) patch[key] = after[key];
  }
  return patch as SettingsPatch;
}
