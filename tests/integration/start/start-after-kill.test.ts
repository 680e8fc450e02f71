// `make start` begun at once after the last one was killed outright (SIGKILL): the killed run's
// watchdog is still stopping its services (ports held, the pids file about to go), and the new
// run waits for it (the data directory's lock, scripts/lib/start-lock.sh) instead of failing.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { groupMembers } from './processes.ts';
import { freePorts, runStart, type StartRun } from './run-start.ts';
import { cleanUp, settle } from './settle.ts';

const runs: { run: StartRun; pgids: number[] }[] = [];
afterEach(() => {
  for (const { run, pgids } of runs.splice(0)) cleanUp(run, pgids);
});

describe('make start after a killed one', () => {
  it('waits for the killed run’s watchdog, then starts', async () => {
    const ports = await freePorts();
    const dataDir = mkdtempSync(join(tmpdir(), 'encore-start-'));
    const killed = runStart({ ports, dataDir });
    const first = { run: killed, pgids: [] as number[] };
    runs.push(first);
    await killed.running();
    first.pgids = killed.groups().map((g) => g.pgid);
    expect(groupMembers(first.pgids).length).toBeGreaterThan(0);

    // `bash scripts/start.sh` is the process the run started (no pipe): kill it alone.
    process.kill(killed.pgid, 'SIGKILL');
    await killed.exited;
    const again = runStart({ ports, dataDir });
    const second = { run: again, pgids: [] as number[] };
    runs.push(second);

    await again.running();
    second.pgids = again.groups().map((g) => g.pgid);
    expect(again.output()).not.toContain('No such file or directory');
    expect(again.output()).toContain(
      `An earlier \`make start\` (pid ${killed.pgid}) has ended; waiting for its watchdog`,
    );
    // The killed run's services are gone, the new run's are its own.
    expect(groupMembers(first.pgids)).toEqual([]);
    expect(second.pgids.some((pgid) => first.pgids.includes(pgid))).toBe(false);
    expect(groupMembers(second.pgids).length).toBeGreaterThan(0);

    // And it stops as any run does.
    process.kill(-again.pgid, 'SIGINT');
    const { left } = await settle(again, second.pgids, again.pgid, 10_000);
    expect(left).toEqual({ processes: [], ports: [], script: false });
  }, 270_000);
});
