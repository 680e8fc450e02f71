// What `make start` (scripts/start.sh) says when something is in its way, before it starts
// anything: a port taken (by which process, when ss, fuser or lsof can tell), or an earlier run
// still going, which `make stop` (scripts/stop.sh) then stops.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../scripts/support.ts';
import { groupMembers } from './processes.ts';
import { freePorts, runStart, type StartRun } from './run-start.ts';
import { cleanUp, settle } from './settle.ts';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

function track(run: StartRun): StartRun {
  cleanups.push(() =>
    cleanUp(
      run,
      run.groups().map((g) => g.pgid),
    ),
  );
  return run;
}

async function listen(port: number): Promise<Server> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  cleanups.push(() => server.close());
  return server;
}

/** A PATH with every program of this one but ss, fuser and lsof, which name a port's holder. */
function pathWithoutPortTools(): string {
  const bin = mkdtempSync(join(tmpdir(), 'encore-bin-'));
  cleanups.push(() => rmSync(bin, { recursive: true, force: true }));
  const left = new Set(['ss', 'fuser', 'lsof']);
  for (const dir of (process.env.PATH ?? '/usr/bin:/bin').split(delimiter)) {
    if (!existsSync(dir)) continue;
    for (const name of readdirSync(dir)) {
      if (left.has(name) || existsSync(join(bin, name))) continue;
      symlinkSync(join(dir, name), join(bin, name));
    }
  }
  return bin;
}

function makeStop(dataDir: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn('make', ['--no-print-directory', 'stop'], {
      cwd: REPO_ROOT,
      env: { ...process.env, ENCORE_DATA_DIR: dataDir },
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once('exit', (code) => resolve({ code, output }));
  });
}

describe('make start: something in the way', () => {
  it('names the process holding a port and the setting that moves it, and starts nothing', async () => {
    const ports = await freePorts();
    await listen(ports.backend);
    const run = track(runStart({ ports }));

    expect(await run.exited).toEqual({ code: 1, signal: null });
    // This test's own process holds it: node, running vitest.
    expect(run.output()).toMatch(
      new RegExp(
        `Port ${ports.backend} is in use, held by pid ${process.pid} \\([^)]*node[^)]*\\): ` +
          'stop what runs there, or set BACKEND_PORT\\.',
      ),
    );
    expect(run.output()).not.toContain('started');
    expect(existsSync(join(run.dataDir, 'start.pids'))).toBe(false);
  });

  it('says so plainly when no tool can name the holder', async () => {
    const ports = await freePorts();
    await listen(ports.chain);
    const run = track(runStart({ ports, env: { PATH: pathWithoutPortTools() } }));

    expect(await run.exited).toEqual({ code: 1, signal: null });
    expect(run.output()).toContain(
      `Port ${ports.chain} is in use, held by a process not named here (none of ss, fuser or ` +
        'lsof is installed): stop what runs there, or set CHAIN_PORT.',
    );
    expect(run.output()).not.toContain('started');
  });

  it('points at an earlier run still going, leaves it alone, and make stop stops it', async () => {
    const ports = await freePorts();
    const dataDir = mkdtempSync(join(tmpdir(), 'encore-start-'));
    const earlier = track(runStart({ ports, dataDir }));
    await earlier.running();
    const groups = earlier.groups();
    const pgids = groups.map((g) => g.pgid);
    const services = groupMembers(pgids);

    const again = runStart({ ports, dataDir });
    expect(await again.exited).toEqual({ code: 1, signal: null });
    expect(again.output()).toMatch(
      new RegExp(
        `Port ${ports.backend} is in use, held by pid \\d+ \\([^)]*packages/server/src/main\\.ts\\)`,
      ),
    );
    expect(again.output()).toContain(
      `An earlier \`make start\` still runs (local chain, backend, key holder, dev catalog, demo site: process ` +
        `groups ${pgids.join(' ')}). Stop it with Ctrl-C where it runs, or with ` +
        `\`ENCORE_DATA_DIR=${dataDir} make stop\`.`,
    );
    // The second run stopped nothing of the first.
    expect(groupMembers(pgids)).toEqual(services);
    expect(earlier.groups()).toEqual(groups);

    const stop = await makeStop(dataDir);
    expect(stop.code).toBe(0);
    expect(stop.output).toContain('Stopped what make start had running:');
    for (const { pgid, name } of groups) {
      expect(stop.output).toContain(`  ${name} (process group ${pgid})`);
    }
    // The earlier script sees its services end, and ends too.
    const { left } = await settle(earlier, pgids, earlier.pgid, 10_000);
    expect(left).toEqual({ processes: [], ports: [], script: false });

    expect((await makeStop(dataDir)).output).toContain(
      'Nothing that make start started is running.',
    );
  }, 270_000);
});
