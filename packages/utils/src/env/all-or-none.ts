// A feature configured by several variables that only make sense together (the backend's funding
// hook, the demo's relayer): off when none is set, on when all are, and a half configuration is
// refused by name rather than half-started. Each caller words the refusal itself.
import type { Env } from './integer-from-env.ts';

export type AllOrNone =
  | { set: 'none' }
  | { set: 'all' }
  | { set: 'some'; missing: readonly string[] };

/** Which of `names` are set (blank counts as unset). */
export function allOrNone(env: Env, names: readonly string[]): AllOrNone {
  const missing = names.filter((name) => !env[name]?.trim());
  if (missing.length === names.length) return { set: 'none' };
  if (missing.length === 0) return { set: 'all' };
  return { set: 'some', missing };
}
