// The SQLite store's fsync seam (`openSqliteStore(path, { syncFile })`) in a test's hands: the
// real fdatasync, which the test can hold (until `release`) or fail (`failNext`, once; `failAll`,
// every time from then on) as a failing disk would.
import { fdatasync } from 'node:fs';

export interface ControlledFsync {
  /** While true, each fsync waits for `release`. */
  hold: boolean;
  /** The next fsync fails with this error (after the real one ran). */
  failNext: Error | undefined;
  /** Every fsync from now on fails with this error. */
  failAll: Error | undefined;
  /** The fsyncs held so far and not released. */
  readonly held: readonly (() => void)[];
  /** Runs every held fsync. */
  release(): void;
  /** The seam: pass as `syncFile`. */
  syncFile(fd: number, done: (error: Error | null) => void): void;
}

/** An EIO as fdatasync reports it. */
export function fsyncError(): Error {
  return Object.assign(new Error('EIO: i/o error, fdatasync'), { code: 'EIO', errno: -5 });
}

export function controlledFsync(): ControlledFsync {
  const held: (() => void)[] = [];
  const control: ControlledFsync = {
    hold: false,
    failNext: undefined,
    failAll: undefined,
    held,
    release() {
      for (const run of held.splice(0)) run();
    },
    syncFile(fd, done) {
      const failure = control.failNext ?? control.failAll;
      if (failure) {
        control.failNext = undefined;
        // As fdatasync would: the error after the disk was tried.
        fdatasync(fd, () => done(failure));
      } else if (control.hold) {
        held.push(() => fdatasync(fd, (error) => done(error)));
      } else {
        fdatasync(fd, (error) => done(error));
      }
    },
  };
  return control;
}
