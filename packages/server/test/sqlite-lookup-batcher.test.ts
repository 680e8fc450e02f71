// The lookup batcher (packages/server/src/store/internal/sqlite-lookup-batcher.ts) behind the SQLite store:
// the lookups of one turn share a transaction, each sees the count it would have seen had they
// run one by one, also when two stores (two instances) take turns on one file, and every lookup
// of a batch is answered even when one caller's callback throws.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openSqliteStore } from '../src/store/sqlite-store.ts';
import type { LookupResult, Store } from '../src/store/store.ts';
import { lookupAuth as lookupWith } from './support/lookup-auth.ts';

const RECORD = { lookupKey: 'ab'.repeat(32), iv: 'cd'.repeat(16), cipherText: 'ef'.repeat(16) };

describe('SQLite lookup batcher', () => {
  let dir: string;
  let stores: Store[];
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'encore-lookups-'));
    stores = [];
  });
  afterEach(async () => {
    await Promise.all(stores.map((store) => store.close()));
    rmSync(dir, { recursive: true, force: true });
  });
  const open = (): Store => {
    const store = openSqliteStore(join(dir, 'db.sqlite'));
    stores.push(store);
    return store;
  };

  it('answers lookupAuthWith after the call returns, each lookup in turn', async () => {
    const store = open();
    await store.insertAuth(RECORD);
    const viaCallback = lookupWith(store, ['a:1', 'k:1'], 0, RECORD.lookupKey);
    const next = lookupWith(store, ['a:1', 'k:2'], 0, 'ff'.repeat(32));
    expect(await viaCallback.answer).toEqual({ counts: [1, 1], record: RECORD });
    expect(viaCallback.synchronous).toBe(false);
    expect(await next.answer).toEqual({ counts: [2, 1], record: null });
  });

  it('counts exactly across batches and across two stores taking turns on one file', async () => {
    const first = open();
    const second = open();
    // Each store flushes its own batch in the same turn: two transactions, one after the other,
    // each reading the counts the other has just committed.
    const answers: Promise<LookupResult>[] = [];
    for (let turn = 0; turn < 3; turn++) {
      for (let i = 0; i < 4; i++) {
        const store = i % 2 === 0 ? first : second;
        answers.push(lookupWith(store, ['a:shared', `k:${i}`], 0, RECORD.lookupKey).answer);
      }
      await new Promise((resolve) => setImmediate(resolve));
    }
    const counts = (await Promise.all(answers)).map((answer) => answer.counts);
    // The shared bucket: every count from 1 to 12 exactly once, in order within each store.
    const shared = counts.map(([count]) => count);
    expect([...shared].sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual(
      Array.from({ length: 12 }, (_, i) => i + 1),
    );
    for (const parity of [0, 1]) {
      const own = shared.filter((_, i) => i % 2 === parity);
      expect(own).toEqual([...own].sort((a, b) => (a ?? 0) - (b ?? 0)));
    }
    // Each k bucket was hit once per turn.
    expect(counts.map(([, count]) => count)).toEqual([1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3]);
    expect(await first.hitRateLimits(['a:shared'], 0)).toEqual([13]);
  });

  it('answers every lookup of a batch when one callback throws, then throws that error', async () => {
    const store = open();
    await store.insertAuth(RECORD);
    const thrown = new Error('a caller’s bug');
    // The batch flushes in an Immediate: its rethrow is an uncaught exception, caught here
    // instead of by the test runner.
    const runnerListeners = process.listeners('uncaughtException');
    process.removeAllListeners('uncaughtException');
    const uncaught = new Promise<unknown>((resolve) => process.once('uncaughtException', resolve));
    try {
      store.lookupAuthWith(['a:1'], 0, RECORD.lookupKey, () => {
        throw thrown;
      });
      const rest = [
        lookupWith(store, ['a:1'], 0, RECORD.lookupKey).answer,
        lookupWith(store, ['a:1'], 0, 'ff'.repeat(32)).answer,
      ];
      expect(await Promise.all(rest)).toEqual([
        { counts: [2], record: RECORD },
        { counts: [3], record: null },
      ]);
      expect(await uncaught).toBe(thrown);
    } finally {
      process.removeAllListeners('uncaughtException');
      for (const listener of runnerListeners) process.on('uncaughtException', listener);
    }
  });

  it('fails every lookup of a batch whose transaction fails', async () => {
    const store = open();
    await store.close();
    stores = [];
    const answers = [
      lookupWith(store, ['a:1'], 0, RECORD.lookupKey).answer,
      lookupWith(store, ['a:1'], 0, RECORD.lookupKey).answer,
    ];
    for (const answer of answers) await expect(answer).rejects.toThrow();
  });
});
