// After a run is ended: waits until nothing of it is left, and says what was when time runs out.
import { rmSync } from 'node:fs';
import { groupMembers, portFree, processesWithEnv, runningProcesses } from './processes.ts';
import { allPorts, type StartRun } from './run-start.ts';

export interface Leftovers {
  /** Processes of the listed groups, or carrying the run's ENCORE_DATA_DIR (the watchdog too). */
  processes: number[];
  /** Ports of the run still taken. */
  ports: number[];
  /** Whether the script itself still runs. */
  script: boolean;
}

export async function leftovers(
  run: StartRun,
  pgids: readonly number[],
  scriptPid: number,
): Promise<Leftovers> {
  const processes = [
    ...new Set([...groupMembers(pgids), ...processesWithEnv('ENCORE_DATA_DIR', run.dataDir)]),
  ].sort((a, b) => a - b);
  const ports: number[] = [];
  for (const port of allPorts(run.ports)) if (!(await portFree(port))) ports.push(port);
  const script = runningProcesses().some((p) => p.pid === scriptPid);
  return { processes, ports, script };
}

const isEmpty = (left: Leftovers): boolean =>
  left.processes.length === 0 && left.ports.length === 0 && !left.script;

/**
 * Polls every 100 ms until nothing of the run is left or `timeoutMs` has passed; returns what is
 * left (nothing, normally) and how long it took.
 */
export async function settle(
  run: StartRun,
  pgids: readonly number[],
  scriptPid: number,
  timeoutMs: number,
): Promise<{ left: Leftovers; ms: number }> {
  const began = Date.now();
  for (;;) {
    const left = await leftovers(run, pgids, scriptPid);
    if (isEmpty(left) || Date.now() - began > timeoutMs) return { left, ms: Date.now() - began };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** After a test, passed or not: kills whatever of the run is left and removes its directory. */
export function cleanUp(run: StartRun, pgids: readonly number[]): void {
  for (const pgid of [run.pgid, ...pgids]) {
    try {
      process.kill(-pgid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  for (const pid of processesWithEnv('ENCORE_DATA_DIR', run.dataDir)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  rmSync(run.dataDir, { recursive: true, force: true });
}
