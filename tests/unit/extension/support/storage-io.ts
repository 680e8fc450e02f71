// Storage I/O for the migration runner that a test controls: over plain objects, or over the fake
// browser with a stop (an exception, as when the browser kills the worker) before the n-th write.
import { fakeBrowser } from 'wxt/testing';
import type { StorageIO, StorageSnapshot } from '../../../../lib/extension/storage/index.ts';

type Areas = { local: Record<string, unknown>; session: Record<string, unknown> };

export function memoryIO(initial: StorageSnapshot): StorageIO & { areas: Areas; log: string[] } {
  const areas: Areas = structuredClone({
    local: { ...initial.local },
    session: { ...initial.session },
  });
  const log: string[] = [];
  return {
    areas,
    log,
    get: async (area) => structuredClone(areas[area]),
    set: async (area, items) => {
      log.push(`set ${area} ${Object.keys(items).join(',')}`);
      Object.assign(areas[area], structuredClone(items));
    },
    remove: async (area, keys) => {
      log.push(`remove ${area} ${keys.join(',')}`);
      for (const key of keys) delete areas[area][key];
    },
  };
}

export class Stopped extends Error {}

/** The fake browser's storage; write number `stopAt` (1-based) throws instead of writing. */
export function stoppingIO(stopAt: number): StorageIO & { writes: number } {
  const io = {
    writes: 0,
    get: (area: 'local' | 'session') => fakeBrowser.storage[area].get(null),
    set: async (area: 'local' | 'session', items: Record<string, unknown>) => {
      io.step();
      await fakeBrowser.storage[area].set(items);
    },
    remove: async (area: 'local' | 'session', keys: string[]) => {
      io.step();
      await fakeBrowser.storage[area].remove(keys);
    },
    step() {
      io.writes += 1;
      if (io.writes >= stopAt) throw new Stopped(`stopped before write ${io.writes}`);
    },
  };
  return io;
}

export async function dumpStorage(): Promise<StorageSnapshot> {
  return {
    local: await fakeBrowser.storage.local.get(null),
    session: await fakeBrowser.storage.session.get(null),
  };
}

export async function loadStorage(snapshot: StorageSnapshot): Promise<void> {
  fakeBrowser.storage.resetState();
  await fakeBrowser.storage.local.set(structuredClone({ ...snapshot.local }));
  await fakeBrowser.storage.session.set(structuredClone({ ...snapshot.session }));
}
