import { browser } from 'wxt/browser';
import { z } from 'zod';
import { normalizeOrigin } from './origin.ts';

export interface ConnectedSite {
  origin: string;
  connectedAt: number;
}

const KEY = 'encore:connected-sites';
const recordSchema = z.record(z.string(), z.object({ connectedAt: z.number() }));
type SitesRecord = z.infer<typeof recordSchema>;

// Writes are read-modify-write on one key: chain them so two quick connects in the same context
// never drop one another.
let queue: Promise<unknown> = Promise.resolve();
function serialized<T>(task: () => Promise<T>): Promise<T> {
  const run = queue.then(task, task);
  queue = run.catch(() => undefined);
  return run;
}

async function read(): Promise<SitesRecord> {
  const parsed = recordSchema.safeParse((await browser.storage.local.get(KEY))[KEY] ?? {});
  return parsed.success ? parsed.data : {};
}

/** Connected sites, oldest connection first. */
export async function listConnectedSites(): Promise<ConnectedSite[]> {
  return Object.entries(await read())
    .map(([origin, { connectedAt }]) => ({ origin, connectedAt }))
    .sort((a, b) => a.connectedAt - b.connectedAt);
}

export async function isConnected(origin: string): Promise<boolean> {
  return normalizeOrigin(origin) in (await read());
}

/** Remembers `origin` as connected; keeps the first connection time when already connected. */
export function connectSite(origin: string): Promise<ConnectedSite> {
  const key = normalizeOrigin(origin);
  return serialized(async () => {
    const sites = await read();
    const existing = sites[key];
    if (existing) return { origin: key, connectedAt: existing.connectedAt };
    const site = { origin: key, connectedAt: Date.now() };
    await browser.storage.local.set({
      [KEY]: { ...sites, [key]: { connectedAt: site.connectedAt } },
    });
    return site;
  });
}

/** Forgets `origin`. Resolves to whether it was connected. */
export function revokeSite(origin: string): Promise<boolean> {
  const key = normalizeOrigin(origin);
  return serialized(async () => {
    const sites = await read();
    if (!(key in sites)) return false;
    const { [key]: _removed, ...rest } = sites;
    await browser.storage.local.set({ [KEY]: rest });
    return true;
  });
}

/**
 * Calls `cb` with the full list whenever it changes in any context, plus the origins that were
 * removed (so the RPC side can tell exactly those sites they lost access).
 */
export function onPermissionsChanged(
  cb: (sites: ConnectedSite[], change: { added: string[]; removed: string[] }) => void,
): () => void {
  const listener = (
    changes: Record<string, { oldValue?: unknown; newValue?: unknown }>,
    area: string,
  ): void => {
    const change = changes[KEY];
    if (area !== 'local' || !change) return;
    const before = Object.keys(recordSchema.safeParse(change.oldValue ?? {}).data ?? {});
    const after = Object.keys(recordSchema.safeParse(change.newValue ?? {}).data ?? {});
    const added = after.filter((origin) => !before.includes(origin));
    const removed = before.filter((origin) => !after.includes(origin));
    void listConnectedSites().then((sites) => cb(sites, { added, removed }));
  };
  browser.storage.onChanged.addListener(listener);
  return () => browser.storage.onChanged.removeListener(listener);
}
