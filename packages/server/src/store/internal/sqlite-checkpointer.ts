// Checkpoints off the event loop. SQLite copies the WAL back into the database file at a
// checkpoint, fsyncing both; by default the connection whose COMMIT pushes the WAL past 1000
// pages does it, inside that COMMIT — here, on the event loop, which then answers nothing for the
// two fsyncs and the copy (under a stream of new records, tens of times a second). Instead a
// worker thread with its own connection runs a PASSIVE checkpoint every CHECKPOINT_EVERY_MS: it
// takes no lock that writers or readers wait for, and copies only what no reader still needs.
// The connections of the event loop keep an automatic checkpoint, at BACKSTOP_PAGES, so the WAL
// stays bounded should the worker fall behind or stop.
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type Database from 'better-sqlite3';

const CHECKPOINT_EVERY_MS = 100;
/** 40 MB of 4 KiB pages: ten times SQLite's default, reached only if the worker falls behind. */
export const BACKSTOP_PAGES = 10_000;

// Plain JavaScript (a worker gets no TypeScript loader), run as CommonJS.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.path);
db.pragma('busy_timeout = 5000');
db.pragma('wal_autocheckpoint = 0');
const timer = setInterval(() => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch (error) {
    parentPort.postMessage(String(error && error.code || error));
  }
}, workerData.everyMs);
parentPort.on('message', () => {
  clearInterval(timer);
  db.close();
  parentPort.close();
});
`;

export interface Checkpointer {
  /** Stops the worker (after the checkpoint it may be running). */
  stop(): Promise<void>;
}

/**
 * Starts checkpointing the database at `path` in a worker thread, and moves the automatic
 * checkpoint of `connections` to the backstop.
 */
export function startSqliteCheckpointer(
  path: string,
  connections: readonly Database.Database[],
  onError: (message: string) => void = () => {},
): Checkpointer {
  for (const db of connections) db.pragma(`wal_autocheckpoint = ${BACKSTOP_PAGES}`);
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: {
      driver: createRequire(import.meta.url).resolve('better-sqlite3'),
      path,
      everyMs: CHECKPOINT_EVERY_MS,
    },
  });
  worker.on('message', (message) => onError(String(message)));
  // A worker that cannot start or dies leaves the backstop in charge; nothing else depends on it.
  worker.on('error', (error) => onError(error.name));
  // It never keeps the process alive.
  worker.unref();
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  return {
    stop() {
      // Held while it stops: a process with nothing else to do would otherwise end first and
      // leave whoever awaits the close (a script's top-level await) unsettled.
      worker.ref();
      worker.postMessage('stop');
      return exited;
    },
  };
}
