// An integrator backend in memory, with a switch to make the next call of a setter fail
// (as a flaky network or a 500 would) after or before it stored anything.
import {
  type AuthRecord,
  BackendError,
  type GetFn,
  type SetAuthFn,
  type SetUserFn,
} from '../../src/index.ts';

export interface MemoryBackend {
  records: Map<string, AuthRecord>;
  users: Map<string, string>;
  calls: {
    getFn: string[];
    setAuthFn: Parameters<SetAuthFn>[0][];
    setUserFn: Parameters<SetUserFn>[0][];
  };
  /** Next setAuthFn / setUserFn call throws; 'after-store' stores first (the record survives). */
  failNext: {
    setAuthFn?: 'before-store' | 'after-store';
    setUserFn?: 'before-store' | 'after-store';
  };
  getFn: GetFn;
  setAuthFn: SetAuthFn;
  setUserFn: SetUserFn;
}

export function createMemoryBackend(): MemoryBackend {
  const backend: MemoryBackend = {
    records: new Map(),
    users: new Map(),
    calls: { getFn: [], setAuthFn: [], setUserFn: [] },
    failNext: {},
    getFn: async ({ lookupKey }) => {
      backend.calls.getFn.push(lookupKey);
      return backend.records.get(lookupKey) ?? null;
    },
    setAuthFn: async (r) => {
      backend.calls.setAuthFn.push(r);
      const fail = backend.failNext.setAuthFn;
      backend.failNext.setAuthFn = undefined;
      if (fail === 'before-store') throw new Error('setAuthFn: network down');
      // Like Encore's server: a new record never overwrites one under the same lookupKey (409).
      if (!r.oldLookupKey && backend.records.has(r.lookupKey)) {
        throw new Error('setAuthFn: 409 lookupKey already exists');
      }
      if (r.oldLookupKey) backend.records.delete(r.oldLookupKey);
      backend.records.set(r.lookupKey, { iv: r.iv, cipherText: r.cipherText });
      if (fail === 'after-store') throw new Error('setAuthFn: answer lost');
    },
    setUserFn: async (u) => {
      backend.calls.setUserFn.push(u);
      const fail = backend.failNext.setUserFn;
      backend.failNext.setUserFn = undefined;
      if (fail === 'before-store') throw new Error('setUserFn: 503');
      const existing = backend.users.get(u.username.toLowerCase());
      // As @encore-wallet/backend-client reports the server's 409.
      if (existing && existing !== u.walletAddress) {
        throw new BackendError(409, 'setUserFn: username taken');
      }
      backend.users.set(u.username.toLowerCase(), u.walletAddress);
      if (fail === 'after-store') throw new Error('setUserFn: answer lost');
    },
  };
  return backend;
}
