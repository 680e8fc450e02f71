import { browser } from 'wxt/browser';
import { ExtensionError } from '../../errors/index.ts';
import { MIGRATIONS } from './chain.ts';
import type { AreaName, Migration, MigrationEnv, MigrationPlan, StorageSnapshot } from './types.ts';

/** storage.local: the layout version the stored data is in. Absent: v0.1.0's layout, version 0. */
export const SCHEMA_VERSION_KEY = 'encore:schema-version';
const ENTROPY_KEY = 'encore:wallet:hedgehog-entropy-key';
const AREAS: readonly AreaName[] = ['local', 'session'];

/** The storage calls the runner makes (the browser's, or a test's that stops half-way). */
export interface StorageIO {
  get(area: AreaName): Promise<Record<string, unknown>>;
  set(area: AreaName, items: Record<string, unknown>): Promise<void>;
  remove(area: AreaName, keys: string[]): Promise<void>;
}

export const browserStorageIO: StorageIO = {
  get: (area) => browser.storage[area].get(null),
  set: (area, items) => browser.storage[area].set(items),
  remove: (area, keys) => browser.storage[area].remove(keys),
};

/**
 * A plan that would leave the wallet's entropy in no area: a bug in a step, refused before any
 * write. (Moving it, written into one area and removed from the other, is fine.)
 */
export class UnsafeMigrationError extends ExtensionError {
  override readonly name: string = 'UnsafeMigrationError';
  constructor(step: string) {
    super('UNSAFE_MIGRATION', `Storage migration "${step}" would remove the wallet's entropy`);
  }
}

export interface RunMigrationsOptions {
  env: MigrationEnv;
  io?: StorageIO;
  migrations?: readonly Migration[];
  log?: (line: string) => void;
}

/**
 * Brings stored data to the newest layout, one step at a time. Each step: read both areas, let
 * the step plan, write, then remove, then record the step's version. A stop anywhere leaves
 * either the old version number (the step runs again, and steps are idempotent) or the new one
 * with everything in place. Data from a newer build (a higher version) is left untouched.
 * Resolves to the version the data is in afterwards.
 */
export async function runMigrations(options: RunMigrationsOptions): Promise<number> {
  const io = options.io ?? browserStorageIO;
  const migrations = options.migrations ?? MIGRATIONS;
  const log = options.log ?? ((line: string) => console.info(line));
  const latest = migrations.at(-1)?.to ?? 0;
  let version = readVersion((await io.get('local'))[SCHEMA_VERSION_KEY]);
  if (version > latest) {
    log(`[encore] storage is at version ${version}, newer than this build's ${latest}; left as is`);
    return version;
  }
  for (const step of migrations) {
    if (step.to <= version) continue;
    if (step.to !== version + 1) throw new Error(`No storage migration to version ${version + 1}`);
    const snapshot: StorageSnapshot = {
      local: await io.get('local'),
      session: await io.get('session'),
    };
    const plan = await step.plan(snapshot, options.env);
    if (losesEntropy(snapshot, plan)) throw new UnsafeMigrationError(step.name);
    for (const area of AREAS) {
      const items = plan.set[area];
      if (items && Object.keys(items).length > 0) await io.set(area, items);
    }
    for (const area of AREAS) {
      const keys = plan.remove[area];
      if (keys && keys.length > 0) await io.remove(area, keys);
    }
    await io.set('local', { [SCHEMA_VERSION_KEY]: step.to });
    log(`[encore] storage v${version} -> v${step.to} (${step.name}): ${plan.summary}`);
    version = step.to;
  }
  return version;
}

/** Whether some area holds the entropy before `plan` and none after it. */
function losesEntropy(snapshot: StorageSnapshot, plan: MigrationPlan): boolean {
  const holds = (area: AreaName): boolean => ENTROPY_KEY in snapshot[area];
  const keeps = (area: AreaName): boolean =>
    (holds(area) || ENTROPY_KEY in (plan.set[area] ?? {})) &&
    !plan.remove[area]?.includes(ENTROPY_KEY);
  return AREAS.some(holds) && !AREAS.some(keeps);
}

// Anything but a whole number reads as 0: every step is idempotent, so running from the start
// again is safe, where guessing a higher version could skip a step.
function readVersion(value: unknown): number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : 0;
}
