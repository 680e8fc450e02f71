// Where the sealing key lives: the IndexedDB of the extension's own origin (moz-extension://…).
// Content scripts have the page's origin, so their `indexedDB` is the page's and never this one.
// The key is a non-extractable CryptoKey stored as it is (IndexedDB keeps CryptoKeys), so even
// the extension's own code can use it but never read its bytes.
import { generateSealingKey } from './sealed-value.ts';

export interface SealingKeyStore {
  /** The stored key, or null when there is none (never made, forgotten, or wiped). */
  load(): Promise<CryptoKey | null>;
  /** The stored key, made and stored first when there is none. */
  loadOrCreate(): Promise<CryptoKey>;
  /** Deletes the key: what it sealed can never be opened again. */
  delete(): Promise<void>;
}

const DATABASE = 'encore-keys';
const STORE = 'keys';
const KEY_ID = 'wallet-storage';

export function indexedDbKeyStore(factory: IDBFactory = indexedDB): SealingKeyStore {
  return {
    load: () => withStore(factory, 'readonly', (store) => request(store.get(KEY_ID))).then(asKey),
    async loadOrCreate() {
      // Made outside the transaction (which would commit while WebCrypto works), then stored only
      // if none is there yet: two contexts racing both end with the first one stored.
      const fresh = await generateSealingKey();
      return withStore(factory, 'readwrite', async (store) => {
        const existing = asKey(await request(store.get(KEY_ID)));
        if (existing) return existing;
        await request(store.put(fresh, KEY_ID));
        return fresh;
      });
    },
    delete: () => withStore(factory, 'readwrite', (store) => request(store.delete(KEY_ID))),
  };
}

/**
 * The key that seals the records kept in storage.local beyond a session (settings, the spending
 * record), and one write counter per record. Unlike the wallet key, it is never deleted: a
 * logout keeps the settings and the day's spending. The counters are what a content script cannot
 * copy back: each write seals with the next one (see record-sealer.ts).
 */
export interface RecordKeyStore {
  load(): Promise<CryptoKey | null>;
  loadOrCreate(): Promise<CryptoKey>;
  /** The number of committed writes of `slot` (0: never written). */
  counter(slot: string): Promise<number>;
  setCounter(slot: string, value: number): Promise<void>;
}

const RECORD_KEY_ID = 'record-storage';

export function indexedDbRecordKeys(factory: IDBFactory = indexedDB): RecordKeyStore {
  return {
    load: () =>
      withStore(factory, 'readonly', (store) => request(store.get(RECORD_KEY_ID))).then(asKey),
    async loadOrCreate() {
      const fresh = await generateSealingKey();
      return withStore(factory, 'readwrite', async (store) => {
        const existing = asKey(await request(store.get(RECORD_KEY_ID)));
        if (existing) return existing;
        await request(store.put(fresh, RECORD_KEY_ID));
        return fresh;
      });
    },
    counter: (slot) =>
      withStore(factory, 'readonly', (store) => request(store.get(`counter:${slot}`))).then(
        (value) => (typeof value === 'number' && Number.isSafeInteger(value) ? value : 0),
      ),
    setCounter: (slot, value) =>
      withStore(factory, 'readwrite', async (store) => {
        await request(store.put(value, `counter:${slot}`));
      }),
  };
}

function asKey(value: unknown): CryptoKey | null {
  return value instanceof CryptoKey ? value : null;
}

/** Runs `use` in one transaction and resolves once that transaction has committed. */
async function withStore<T>(
  factory: IDBFactory,
  mode: IDBTransactionMode,
  use: (store: IDBObjectStore) => Promise<T>,
): Promise<T> {
  const db = await openDatabase(factory);
  try {
    const tx = db.transaction(STORE, mode);
    const done = new Promise<void>((resolve, reject) => {
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error);
      tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
    });
    const result = await use(tx.objectStore(STORE));
    await done;
    return result;
  } finally {
    db.close();
  }
}

function openDatabase(factory: IDBFactory): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const open = factory.open(DATABASE, 1);
    open.onupgradeneeded = () => open.result.createObjectStore(STORE);
    open.onsuccess = () => resolve(open.result);
    open.onerror = () => reject(open.error);
  });
}

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}
