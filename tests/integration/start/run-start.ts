// Runs scripts/start.sh as `make start` would, but quick and out of the way: no extension build
// (ENCORE_START_SKIP_BUILD), no browser (ENCORE_BROWSER=none), free ports, and a data directory
// of its own (ENCORE_DATA_DIR), in a session of its own as a terminal's job would be.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT } from '../scripts/support.ts';
import { portFree } from './processes.ts';

export interface StartPorts {
  backend: number;
  keyHolder: number;
  /** The dev catalog's host list; its API hosts take the next CATALOG_HOSTS (3) ports. */
  catalog: number;
  demo: number;
  chain: number;
  /** The ERC-4337 bundler the chain's process runs. */
  bundler: number;
}

export const allPorts = (ports: StartPorts): number[] => [
  ports.backend,
  ...[0, 1, 2, 3].map((i) => ports.catalog + i),
  ports.demo,
  ports.chain,
  ports.bundler,
  ports.keyHolder,
];

/** Nine consecutive free ports in a range the services of other suites do not use. */
export async function freePorts(): Promise<StartPorts> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const base = 20_000 + Math.floor(Math.random() * 2_000) * 10;
    const ports = {
      backend: base,
      catalog: base + 1,
      demo: base + 5,
      chain: base + 6,
      bundler: base + 7,
      keyHolder: base + 8,
    };
    const free = await Promise.all(allPorts(ports).map(portFree));
    if (free.every(Boolean)) return ports;
  }
  throw new Error('no 9 consecutive free ports found');
}

export function startEnv(dataDir: string, ports: StartPorts): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ENCORE_DATA_DIR: dataDir,
    ENCORE_BROWSER: 'none',
    ENCORE_START_SKIP_BUILD: '1',
    BACKEND_PORT: String(ports.backend),
    KEY_HOLDER_PORT: String(ports.keyHolder),
    CATALOG_PORT: String(ports.catalog),
    CATALOG_HOSTS: '3',
    DEMO_PORT: String(ports.demo),
    CHAIN_PORT: String(ports.chain),
    BUNDLER_PORT: String(ports.bundler),
  };
  delete env.DATABASE_URL;
  return env;
}

export interface StartRun {
  child: ChildProcess;
  /** The session and process group of the run (the child's pid), as a terminal's job. */
  pgid: number;
  dataDir: string;
  ports: StartPorts;
  output(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Resolves once the script says "Encore is running"; rejects when it ends first. */
  running(timeoutMs?: number): Promise<void>;
  /** The process groups the script listed in start.pids, with their names. */
  groups(): { pgid: number; name: string }[];
}

/**
 * Starts `bash scripts/start.sh`, or with `pipe`, `bash scripts/start.sh | tee FILE` in one
 * process group, as a shell runs a pipeline.
 */
export function runStart(options: {
  ports: StartPorts;
  pipe?: boolean;
  dataDir?: string;
  /** Replaces or adds to the environment the run gets. */
  env?: NodeJS.ProcessEnv;
}): StartRun {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'encore-start-'));
  const args = options.pipe
    ? ['-c', 'bash scripts/start.sh | tee "$ENCORE_DATA_DIR/tee.log"']
    : ['scripts/start.sh'];
  const child = spawn('/bin/bash', args, {
    cwd: REPO_ROOT,
    env: { ...startEnv(dataDir, options.ports), ...options.env },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  let ended = false;
  void exited.then(() => {
    ended = true;
  });
  const pidsFile = join(dataDir, 'start.pids');
  return {
    child,
    pgid: child.pid!,
    dataDir,
    ports: options.ports,
    output: () => output,
    exited,
    async running(timeoutMs = 180_000) {
      const deadline = Date.now() + timeoutMs;
      while (!output.includes('Encore is running')) {
        if (ended) throw new Error(`start.sh ended before it was running:\n${output}`);
        if (Date.now() > deadline) throw new Error(`start.sh was not running in time:\n${output}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      // The last lines (no browser, Ctrl-C) follow at once; the final `wait` comes after them.
      while (!output.includes('Press Ctrl-C')) await new Promise((r) => setTimeout(r, 50));
    },
    groups() {
      if (!existsSync(pidsFile)) return [];
      return readFileSync(pidsFile, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => {
          const [pgid, , , ...name] = line.split(' ');
          return { pgid: Number(pgid), name: name.join(' ') };
        });
    },
  };
}
