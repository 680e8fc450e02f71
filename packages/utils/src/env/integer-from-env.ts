// Whole numbers from environment variables, checked the same way by every entry point (the
// backend, the dev catalog, the demo site, the benchmarks). Each caller reports a refusal its own
// way (the backend throws ServerConfigError, a script prints it and exits), so this returns it.

export type Env = Readonly<Record<string, string | undefined>>;

export interface IntegerFromEnvOptions {
  /** Used when the variable is unset or blank. */
  fallback: number;
  min: number;
  /** Default 1e9. */
  max?: number;
}

export type IntegerFromEnv = { ok: true; value: number } | { ok: false; error: string };

export function integerFromEnv(
  env: Env,
  name: string,
  { fallback, min, max = 1e9 }: IntegerFromEnvOptions,
): IntegerFromEnv {
  const raw = env[name]?.trim();
  if (!raw) return { ok: true, value: fallback };
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    return { ok: false, error: `${name} must be an integer from ${min} to ${max} (got "${raw}")` };
  }
  return { ok: true, value };
}
