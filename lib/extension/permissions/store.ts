import { browser } from 'wxt/browser';
import { z } from 'zod';
import { isRecord } from '../../guards/index.ts';
import {
  createWriteQueue,
  readProtectedRecord,
  recordSealer,
  writeProtectedRecord,
} from '../storage/index.ts';
import { normalizeAccount } from './account.ts';
import { normalizeOrigin } from './origin.ts';

export interface ConnectedSite {
  origin: string;
  connectedAt: number;
}

// { [lowercase address]: { [origin]: { connectedAt } } }: a connection belongs to an account and
// an origin, so whoever logs in next sees only their own. In Firefox, where any content script
// can write storage.local, both records are sealed there (storage/protected-record.ts): a plain,
// forged, changed or earlier copy reads as no connection, so a content script cannot connect a
// site without the connect window.
const KEY = 'encore:connections';
// Connections from before they were per account, whose account was unknown when storage was
// updated (see storage/migrations): the next account to log in takes them, once.
const UNCLAIMED_KEY = 'encore:unclaimed-connections';

const siteSchema = z.lazy(() => z.object({ connectedAt: z.number().finite() }));
type Entries = Record<string, unknown>;

// Writes are read-modify-write on one key: chained so two quick connects never drop one another.
const serialized = createWriteQueue();

/** Every account's connections; none when the record is not the one this extension wrote. */
async function readAll(): Promise<Entries> {
  const read = await readProtectedRecord(KEY);
  return read.status === 'ok' ? asRecord(read.value) : {};
}

/**
 * The readable connections of one account. Entries that are not a canonical origin with a time
 * count as not connected (a damaged record never connects anything), but stay stored.
 */
function sitesOf(all: Entries, account: string): Map<string, number> {
  const sites = new Map<string, number>();
  for (const [origin, entry] of Object.entries(asRecord(all[account]))) {
    const parsed = siteSchema.safeParse(entry);
    if (parsed.success && isCanonicalOrigin(origin)) sites.set(origin, parsed.data.connectedAt);
  }
  return sites;
}

/** The account's connected sites, oldest connection first. */
export async function listConnectedSites(address: string): Promise<ConnectedSite[]> {
  const account = normalizeAccount(address);
  return [...sitesOf(await readAll(), account)]
    .map(([origin, connectedAt]) => ({ origin, connectedAt }))
    .sort((a, b) => a.connectedAt - b.connectedAt);
}

/** When the account connected `origin`, or null when it has not. */
export async function connectedAt(address: string, origin: string): Promise<number | null> {
  const account = normalizeAccount(address);
  return sitesOf(await readAll(), account).get(normalizeOrigin(origin)) ?? null;
}

export async function isConnected(address: string, origin: string): Promise<boolean> {
  return (await connectedAt(address, origin)) !== null;
}

/**
 * Whether any account on this browser has connected `origin`. Only for deciding whether asking a
 * logged-out person to log in could help a site; it grants nothing.
 */
export async function connectedForSomeAccount(origin: string): Promise<boolean> {
  const key = normalizeOrigin(origin);
  const all = await readAll();
  return Object.keys(all).some((account) => sitesOf(all, account).has(key));
}

/** Connects `origin` for the account; keeps the first connection time when already connected. */
export function connectSite(address: string, origin: string): Promise<ConnectedSite> {
  const account = normalizeAccount(address);
  const key = normalizeOrigin(origin);
  return serialized(async () => {
    const all = await readAll();
    const existing = sitesOf(all, account).get(key);
    if (existing !== undefined) return { origin: key, connectedAt: existing };
    const site = { origin: key, connectedAt: Date.now() };
    const sites = { ...asRecord(all[account]), [key]: { connectedAt: site.connectedAt } };
    await writeProtectedRecord(KEY, { ...all, [account]: sites });
    return site;
  });
}

/** Disconnects `origin` from the account only. Resolves to whether it was connected. */
export function revokeSite(address: string, origin: string): Promise<boolean> {
  const account = normalizeAccount(address);
  const key = normalizeOrigin(origin);
  return serialized(async () => {
    const all = await readAll();
    const sites = asRecord(all[account]);
    if (!Object.hasOwn(sites, key)) return false;
    const { [key]: removed, ...rest } = sites;
    await writeProtectedRecord(KEY, { ...all, [account]: rest });
    return siteSchema.safeParse(removed).success;
  });
}

/**
 * Gives the unclaimed connections (if any) to `address`, then forgets them, so only one account
 * ever takes them. Resolves to how many it took. Write first, remove second: a stop in between
 * only means the same account (or the next) takes them again.
 */
export function claimUnclaimedConnections(address: string): Promise<number> {
  const account = normalizeAccount(address);
  return serialized(async () => {
    const unclaimed = await readProtectedRecord(UNCLAIMED_KEY);
    if (unclaimed.status === 'absent') return 0;
    if (unclaimed.status === 'invalid') {
      // Planted, changed, or already taken (removed after it was written): gives nothing.
      await browser.storage.local.remove(UNCLAIMED_KEY);
      return 0;
    }
    const stored = unclaimed.value;
    const all = await readAll();
    const sites = { ...asRecord(all[account]) };
    const owned = sitesOf(all, account);
    let taken = 0;
    for (const [origin, entry] of Object.entries(asRecord(stored))) {
      const parsed = siteSchema.safeParse(entry);
      if (!parsed.success || !isCanonicalOrigin(origin) || owned.has(origin)) continue;
      sites[origin] = { connectedAt: parsed.data.connectedAt };
      taken += 1;
    }
    if (taken > 0) await writeProtectedRecord(KEY, { ...all, [account]: sites });
    await browser.storage.local.remove(UNCLAIMED_KEY);
    return taken;
  });
}

export interface PermissionsChange {
  account: string;
  added: string[];
  removed: string[];
}

/**
 * Calls `cb` whenever connections change in any context, with what changed for which account.
 * Where the record is sealed (Firefox) the values a change carries do not open on their own (an
 * earlier copy is bound to an earlier write), so each change reads the record as the store does
 * and compares it with the last one this watch read: what a content script plants there reads as
 * no connection here too.
 */
export function onPermissionsChanged(cb: (changes: PermissionsChange[]) => void): () => void {
  const report = (before: Entries, after: Entries): void => {
    const diffs = diffConnections(before, after);
    if (diffs.length > 0) cb(diffs);
  };
  let listener: (changes: Record<string, StorageChange>, area: string) => void;
  if (recordSealer()) {
    // Reads one after another, so each compares with the one before it. The first may come
    // before the storage update seals an earlier build's plain record: that reads as none, and
    // the update's sealed record as a change. A read that fails keeps the last one.
    const serial = createWriteQueue();
    let known: Entries = {};
    const follow = (task: () => Promise<void>): void => {
      serial(task).catch(() => undefined);
    };
    follow(async () => {
      known = await readAll();
    });
    listener = (changes, area) => {
      if (area !== 'local' || !(KEY in changes)) return;
      follow(async () => {
        const now = await readAll();
        const before = known;
        known = now;
        report(before, now);
      });
    };
  } else {
    listener = (changes, area) => {
      const change = changes[KEY];
      if (area !== 'local' || !change) return;
      report(asRecord(change.oldValue), asRecord(change.newValue));
    };
  }
  browser.storage.onChanged.addListener(listener);
  return () => browser.storage.onChanged.removeListener(listener);
}

interface StorageChange {
  oldValue?: unknown;
  newValue?: unknown;
}

function diffConnections(before: Entries, after: Entries): PermissionsChange[] {
  const diffs: PermissionsChange[] = [];
  for (const account of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const was = [...sitesOf(before, account).keys()];
    const is = [...sitesOf(after, account).keys()];
    const added = is.filter((origin) => !was.includes(origin));
    const removed = was.filter((origin) => !is.includes(origin));
    if (added.length > 0 || removed.length > 0) diffs.push({ account, added, removed });
  }
  return diffs;
}

function isCanonicalOrigin(origin: string): boolean {
  try {
    return normalizeOrigin(origin) === origin;
  } catch {
    return false;
  }
}

function asRecord(value: unknown): Entries {
  return isRecord(value) ? value : {};
}
