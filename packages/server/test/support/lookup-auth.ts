// A store's lookupAuthWith as a promise, noting whether it answered before returning.
import type { LookupResult, Store } from '../../src/store/store.ts';

export function lookupAuth(
  store: Store,
  buckets: string[],
  windowStart: number,
  lookupKey: string,
): { answer: Promise<LookupResult>; synchronous: boolean } {
  let returned = false;
  let synchronous = false;
  const answer = new Promise<LookupResult>((resolve, reject) => {
    store.lookupAuthWith(buckets, windowStart, lookupKey, (error, counts, record) => {
      synchronous = !returned;
      if (error === null && counts !== undefined) resolve({ counts, record });
      else reject(error);
    });
  });
  returned = true;
  return {
    answer,
    get synchronous() {
      return synchronous;
    },
  };
}
