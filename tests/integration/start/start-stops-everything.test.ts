// `make start` (scripts/start.sh) stops everything it started, whatever ends it: Ctrl-C in a
// terminal, Ctrl-C while its output is piped through tee, SIGTERM (and SIGKILL 3 s later, as
// service managers do), SIGHUP (a closed terminal), and SIGKILL of the script alone, which only its
// watchdog (scripts/lib/watchdog.sh) can answer. Each way out is a run of its own (about 15 s: the
// local chain deploys its contracts), on free ports, without the extension's build or a browser.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { groupMembers, portFree } from './processes.ts';
import { allPorts, freePorts, runStart, type StartRun } from './run-start.ts';
import { cleanUp, settle } from './settle.ts';

interface WayOut {
  name: string;
  pipe?: boolean;
  /** Ends the run; `script` is the pid of `bash scripts/start.sh`. */
  end(run: StartRun, script: number): void | Promise<void>;
  /** Whether the script's own handler stops the services; otherwise its watchdog has to. */
  byHandler: boolean;
  /** How the script itself ends, when it is the process the test started. */
  scriptEnds?: NodeJS.Signals;
}

const signalGroup = (signal: NodeJS.Signals) => (run: StartRun) => {
  process.kill(-run.pgid, signal);
};

const WAYS: WayOut[] = [
  {
    name: 'Ctrl-C in a terminal (SIGINT to its process group)',
    end: signalGroup('SIGINT'),
    byHandler: true,
    scriptEnds: 'SIGINT',
  },
  {
    // tee dies of the SIGINT too. Which of the two handles it first is up to the scheduler; the
    // test makes tee first, every time: then every write of the script's handler goes to a pipe
    // with no reader, which ended the script before it stopped anything.
    name: 'Ctrl-C with its output piped through tee (SIGINT to the pipeline, tee first)',
    pipe: true,
    end: async (run) => {
      const tee = pidInGroup(run, (argv) => argv[0] === 'tee');
      process.kill(tee, 'SIGINT');
      while (groupMembers([run.pgid]).includes(tee)) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      process.kill(-run.pgid, 'SIGINT');
    },
    byHandler: true,
  },
  {
    name: 'SIGTERM to the script, then SIGKILL 3 s later if it still runs',
    end: (run, script) => {
      process.kill(script, 'SIGTERM');
      setTimeout(() => {
        if (run.child.exitCode === null && run.child.signalCode === null) {
          process.kill(script, 'SIGKILL');
        }
      }, 3_000);
    },
    byHandler: true,
    scriptEnds: 'SIGTERM',
  },
  {
    name: 'SIGHUP to the script (its terminal closed)',
    end: (_run, script) => {
      process.kill(script, 'SIGHUP');
    },
    byHandler: true,
    scriptEnds: 'SIGHUP',
  },
  {
    name: 'SIGKILL to the script alone',
    end: (_run, script) => {
      process.kill(script, 'SIGKILL');
    },
    byHandler: false,
    scriptEnds: 'SIGKILL',
  },
];

/** The pid of the process in the run's own process group whose arguments match. */
function pidInGroup(run: StartRun, matches: (argv: string[]) => boolean): number {
  const pid = groupMembers([run.pgid]).find((candidate) => {
    try {
      return matches(readFileSync(`/proc/${candidate}/cmdline`, 'utf8').split('\0'));
    } catch {
      return false; // ended while we looked
    }
  });
  if (pid === undefined) throw new Error(`no such process in the run:\n${run.output()}`);
  return pid;
}

/** `bash scripts/start.sh` (under `bash -c` when piped). */
const scriptPid = (run: StartRun): number =>
  pidInGroup(
    run,
    ([program, file]) => /(?:^|\/)bash$/.test(program ?? '') && file === 'scripts/start.sh',
  );

let current: { run: StartRun; pgids: number[] } | undefined;
afterEach(() => {
  if (current) cleanUp(current.run, current.pgids);
  current = undefined;
});

describe('make start stops everything it started', () => {
  for (const way of WAYS) {
    it(way.name, async () => {
      const run = runStart({ ports: await freePorts(), pipe: way.pipe });
      current = { run, pgids: [] };
      await run.running();

      const groups = run.groups();
      current.pgids = groups.map((g) => g.pgid);
      expect(groups.map((g) => g.name)).toEqual([
        'local chain',
        'backend',
        'key holder',
        'dev catalog',
        'demo site',
      ]);
      // Each tsx runs its node; the chain's node runs Hardhat's.
      expect(groupMembers(current.pgids).length).toBeGreaterThanOrEqual(8);
      for (const port of allPorts(run.ports)) expect(await portFree(port)).toBe(false);
      // The bundler runs beside the chain, named in the summary with its URL.
      expect(run.output()).toMatch(
        new RegExp(
          `bundler +http://127\\.0\\.0\\.1:${run.ports.bundler} +\\(Alto, ERC-4337 v0\\.8 EntryPoint 0x4337084D9E255Ff0702461CF8895CE9E3b5Ff108\\)`,
        ),
      );

      const script = scriptPid(run);
      await way.end(run, script);
      const { left, ms } = await settle(run, current.pgids, script, 10_000);
      console.info(`${way.name}: everything stopped in ${(ms / 1000).toFixed(1)} s`);

      expect(left).toEqual({ processes: [], ports: [], script: false });
      expect(existsSync(join(run.dataDir, 'start.pids'))).toBe(false);
      // The watchdog writes only when it had something to stop.
      const watchdog = readFileSync(join(run.dataDir, 'logs', 'watchdog.log'), 'utf8');
      if (way.byHandler) expect(watchdog).toBe('');
      else expect(watchdog).toContain(`the script (pid ${script}) ended without stopping these`);
      if (way.scriptEnds) expect((await run.exited).signal).toBe(way.scriptEnds);
      if (way.pipe) {
        expect(readFileSync(join(run.dataDir, 'tee.log'), 'utf8')).toContain('Encore is running');
      }
      // The stop line reaches a person whatever ended the run: tee died of the Ctrl-C, so it
      // comes on stderr (the terminal, under a pipeline), and it is always in the log.
      if (way.byHandler) {
        const line = 'Stopped: local chain, bundler, backend, key holder, dev catalog, demo site.';
        expect(run.output()).toContain(line);
        expect(readFileSync(join(run.dataDir, 'logs', 'start.log'), 'utf8')).toContain(line);
      }
    }, 270_000);
  }
});
