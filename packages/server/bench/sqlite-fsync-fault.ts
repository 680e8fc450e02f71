// bench:faults' SQLite case: the mixed load on one backend whose SQLite WAL fsync fails once
// (then works again, as a disk that hiccups), through the store's fsync seam. Counts what the
// writes sent after the failure were answered: 200 would be an acknowledgement that a later
// fsync could not vouch for; the backend must answer 503 instead, and /health must say so.

import { fsyncError } from '../../../tests/support/backend/controlled-fsync.ts';
import { countKinds, runMixedLoad } from '../../../tests/support/backend/mixed-load.ts';
import { startSqliteServerWithFsync } from '../test/support/sqlite-server-with-fsync.ts';

export interface SqliteFsyncFaultResult {
  /** Writes sent after the failed fsync, by answer ('200', '503', …). */
  writesAfter: [string, number][];
  /** Reads (of records acknowledged before) sent after it, by answer. */
  readsAfter: [string, number][];
  /** Writes answered 200 before it. */
  writesBefore: number;
  /** GET /health after the load: status and error text. */
  health: string;
  wrongReads: number;
}

export async function runSqliteFsyncFault(options: {
  durationMs: number;
  concurrency: number;
}): Promise<SqliteFsyncFaultResult> {
  const server = await startSqliteServerWithFsync({
    // Every request has a client address of its own; records are read many times over.
    trustProxy: 1,
    rateLimit: { windowSeconds: 86_400, perLookupKey: 1_000_000 },
  });
  try {
    const faultAt = Math.round(options.durationMs * 0.4);
    const result = await runMixedLoad({
      urls: [server.url],
      durationMs: options.durationMs,
      concurrency: options.concurrency,
      timeoutMs: 15_000,
      faults: [
        {
          atMs: faultAt,
          name: 'one failed WAL fsync',
          run: async () => {
            server.fsync.failNext = fsyncError();
          },
        },
      ],
    });
    const startedAt = result.faults[0]?.startedAt ?? faultAt;
    const writes = result.outcomes.filter((o) => o.operation !== 'read-record');
    const after = (o: { at: number }) => o.at > startedAt;
    const health = await fetch(`${server.url}/health`);
    const healthBody = (await health.json()) as { error?: string };
    return {
      writesAfter: countKinds(writes.filter(after)),
      readsAfter: countKinds(
        result.outcomes.filter((o) => o.operation === 'read-record').filter(after),
      ),
      writesBefore: writes.filter((o) => !after(o) && o.kind === '200').length,
      health: `${health.status} ${healthBody.error ?? 'ok'}`,
      wrongReads: result.wrongReads.length,
    };
  } finally {
    await server.close();
  }
}
