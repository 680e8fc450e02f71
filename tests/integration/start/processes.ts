// What runs on this machine, read from /proc as the start script's own helpers read it: the tests
// check that what `make start` started is gone, not only that its script ended.
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';

export interface ProcessInfo {
  pid: number;
  pgid: number;
  state: string;
}

/** Every process but zombies (ended, not yet reaped: they hold no port and run nothing). */
export function runningProcesses(): ProcessInfo[] {
  const found: ProcessInfo[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // ended while we looked
    }
    // The command name (field 2) may hold spaces and parentheses: read after its last ')'.
    const [state, , pgid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (state && state !== 'Z') found.push({ pid: Number(entry), pgid: Number(pgid), state });
  }
  return found;
}

/** The running processes of these process groups. */
export function groupMembers(pgids: readonly number[]): number[] {
  return runningProcesses()
    .filter((p) => pgids.includes(p.pgid))
    .map((p) => p.pid);
}

/**
 * The running processes whose environment holds `NAME=value`: everything a run started inherits
 * it (services, their children, the watchdog), whatever process group it went to.
 */
export function processesWithEnv(name: string, value: string): number[] {
  const needle = `\0${name}=${value}\0`;
  return runningProcesses()
    .map((p) => p.pid)
    .filter((pid) => {
      try {
        return `\0${readFileSync(`/proc/${pid}/environ`, 'latin1')}`.includes(needle);
      } catch {
        return false;
      }
    });
}

/** Whether 127.0.0.1:port can be listened on. */
export function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}
