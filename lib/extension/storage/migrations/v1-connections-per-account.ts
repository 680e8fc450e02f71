// Version 0 (v0.1.0, unversioned) -> 1: site connections belong to an account.
//
// v0.1.0 kept `encore:connected-sites` = { [origin]: { connectedAt } } for whoever was logged in,
// so a site one person connected stayed connected for the next person to log in. Version 1 keeps
// `encore:connections` = { [lowercase address]: { [origin]: { connectedAt } } }.
//
// When a wallet is stored, its account gets the old connections. When none is (logged out, or
// the lock setting was on and the browser restarted), nobody can tell whose they were: they go to
// `encore:unclaimed-connections` (v0.1.0's shape), and the next account to log in takes them,
// once. That is what v0.1.0 would have given that account, so the update loses nothing and
// grants nothing v0.1.0 did not; from then on connections are per account.
//
// Keys are written out here rather than imported: a step describes the layout of its own version,
// which later code may change.

import { isRecord } from '../../../guards/index.ts';
import type { Migration, MigrationEnv, MigrationPlan, StorageSnapshot } from './types.ts';

const LEGACY = 'encore:connected-sites';
const CONNECTIONS = 'encore:connections';
const UNCLAIMED = 'encore:unclaimed-connections';
const SETTINGS = 'encore:settings';
const ENTROPY = 'encore:wallet:hedgehog-entropy-key';

type Sites = Record<string, { connectedAt: number }>;

export const connectionsPerAccount: Migration = {
  to: 1,
  name: 'site connections per account',
  plan(snapshot: StorageSnapshot, env: MigrationEnv): MigrationPlan {
    const legacy = snapshot.local[LEGACY];
    if (legacy === undefined)
      return { set: {}, remove: {}, summary: 'no site connections to move' };
    const { sites, leftover } = readLegacy(legacy);
    const count = Object.keys(sites).length;
    const account = storedAccount(snapshot, env);
    const set: Record<string, unknown> = {};
    let summary: string;
    if (count === 0) {
      summary = 'no readable site connections';
    } else if (account) {
      const connections = asObject(snapshot.local[CONNECTIONS]) ?? {};
      set[CONNECTIONS] = { ...connections, [account]: merge(connections[account], sites) };
      summary = `${plural(count, 'site connection')} now belong to the stored wallet's account`;
    } else {
      set[UNCLAIMED] = merge(snapshot.local[UNCLAIMED], sites);
      summary = `${plural(count, 'site connection')} kept for the next account that logs in (no wallet stored)`;
    }
    if (leftover === undefined)
      return { set: { local: set }, remove: { local: [LEGACY] }, summary };
    // What cannot be read stays where it was, for a later build or a person to look at.
    set[LEGACY] = leftover;
    const kept = isRecord(leftover) ? plural(Object.keys(leftover).length, 'entry') : 'the record';
    return {
      set: { local: set },
      remove: {},
      summary: `${summary}; ${kept} left unread in ${LEGACY}`,
    };
  },
};

/** The understood connections, and the rest (undefined when everything was understood). */
function readLegacy(value: unknown): { sites: Sites; leftover: unknown } {
  if (!isRecord(value)) return { sites: {}, leftover: value };
  const sites: Sites = {};
  const rest: Record<string, unknown> = {};
  for (const [origin, entry] of Object.entries(value)) {
    const connectedAt = isRecord(entry) ? entry.connectedAt : undefined;
    if (isBareOrigin(origin) && typeof connectedAt === 'number' && Number.isFinite(connectedAt)) {
      sites[origin] = { connectedAt };
    } else {
      rest[origin] = entry;
    }
  }
  return { sites, leftover: Object.keys(rest).length > 0 ? rest : undefined };
}

/**
 * The lowercase address of the stored wallet, or null. Looks first in the area the lock setting
 * names (read as the settings store does: unreadable means on), then in the other one.
 */
function storedAccount(snapshot: StorageSnapshot, env: MigrationEnv): string | null {
  const areas = lockIsOn(snapshot.local[SETTINGS])
    ? [snapshot.session, snapshot.local]
    : [snapshot.local, snapshot.session];
  const entropy = areas.map((area) => area[ENTROPY]).find((v) => typeof v === 'string');
  if (typeof entropy !== 'string') return null;
  let address: string | null;
  try {
    address = env.addressFromEntropy(entropy);
  } catch {
    address = null;
  }
  const lower = address?.toLowerCase() ?? null;
  return lower && /^0x[0-9a-f]{40}$/.test(lower) ? lower : null;
}

function lockIsOn(settings: unknown): boolean {
  if (settings === undefined) return false;
  if (!isRecord(settings)) return true;
  const lock = settings.lockOnBrowserClose;
  return lock === undefined ? false : lock !== false;
}

/** `incoming` added to `existing` (kept as it is), the earlier time winning for a shared origin. */
function merge(existing: unknown, incoming: Sites): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...(asObject(existing) ?? {}) };
  for (const [origin, site] of Object.entries(incoming)) {
    const before = asObject(merged[origin])?.connectedAt;
    const earlier = typeof before === 'number' && before <= site.connectedAt;
    if (!earlier) merged[origin] = { connectedAt: site.connectedAt };
  }
  return merged;
}

function isBareOrigin(value: string): boolean {
  try {
    return new URL(value).origin === value;
  } catch {
    return false;
  }
}

function asObject(value: unknown): Record<string, unknown> | null {
  return isRecord(value) ? value : null;
}

function plural(n: number, noun: string): string {
  if (n === 1) return `1 ${noun}`;
  return noun.endsWith('y') ? `${n} ${noun.slice(0, -1)}ies` : `${n} ${noun}s`;
}
