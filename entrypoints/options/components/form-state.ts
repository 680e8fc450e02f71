import type { AddedChain, Settings, SettingsPatch } from '../../../lib/extension/settings/index.ts';
import { settingsSchema } from '../../../lib/extension/settings/index.ts';

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
}

/** Errors by field; an RPC URL's is keyed `rpcUrls.<chainId>`. */
export type FieldErrors = Partial<Record<keyof FormValues | `rpcUrls.${string}`, string>>;

export function toForm(settings: Settings): FormValues {
  return {
    ...settings,
    chainId: String(settings.chainId),
    idTokenLifetimeSeconds: String(settings.idTokenLifetimeSeconds),
  };
}

/** Validates with the same schema the background uses; errors keyed by field. */
export function parseForm(
  values: FormValues,
): { ok: true; settings: Settings } | { ok: false; errors: FieldErrors } {
  const parsed = settingsSchema.safeParse({
    ...values,
    chainId: Number(values.chainId),
    // Number('') is 0, which the schema refuses with the field's own message.
    idTokenLifetimeSeconds: Number(values.idTokenLifetimeSeconds),
    rpcUrls: Object.fromEntries(
      Object.entries(values.rpcUrls).filter(([, url]) => url.trim() !== ''),
    ),
  });
  if (parsed.success) return { ok: true, settings: parsed.data };
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const [first, second] = issue.path;
    const field = (
      first === 'rpcUrls' && second !== undefined ? `rpcUrls.${String(second)}` : first
    ) as keyof FieldErrors | undefined;
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return { ok: false, errors };
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
