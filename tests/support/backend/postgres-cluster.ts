// A throwaway PostgreSQL cluster for one test file: initdb into a temp dir, start on a free
// 127.0.0.1 port with trust auth, drop everything afterwards. Missing binaries fail the suite:
// `make test` installs them (scripts/install-system-deps.sh), so their absence is a real fault.
import { execFile, execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort } from '../free-port.ts';

export interface PostgresRestart {
  /**
   * `fast`: the server ends every session and checkpoints (an administrator's restart);
   * `immediate`: it stops without a checkpoint and recovers from its WAL on start (a crash).
   */
  mode: 'fast' | 'immediate';
  /** How long it stays down between the stop and the start (default 0). */
  downMs?: number;
}

export interface PostgresCluster {
  /** A new, empty database on the cluster; returns its postgres:// URL. */
  createDatabase(): Promise<string>;
  /**
   * Stops the server and starts it again on the same port and data; resolves once it accepts
   * connections. Runs the tools as child processes, so the caller's event loop keeps going.
   */
  restart(options: PostgresRestart): Promise<void>;
  stop(): Promise<void>;
}

export function findPostgresBin(): string {
  const candidates = [process.env.PG_BIN, '/usr/lib/postgresql/15/bin'].filter(
    (dir): dir is string => Boolean(dir),
  );
  const found = candidates.find((dir) => existsSync(join(dir, 'postgres')));
  if (!found) {
    throw new Error(
      `PostgreSQL binaries not found in ${candidates.join(', ')}: run scripts/install-system-deps.sh (make test does) or set PG_BIN`,
    );
  }
  return found;
}

export interface ClusterOptions {
  /**
   * Keep PostgreSQL's own durability (fsync on, each commit flushed before it returns), as a
   * production server has it: for benchmarks of writes. Tests run without (fsync=off).
   */
  durable?: boolean;
  /** Default 60: a test file's servers and clients. */
  maxConnections?: number;
}

export async function startPostgresCluster(options: ClusterOptions = {}): Promise<PostgresCluster> {
  const bin = findPostgresBin();
  const root = mkdtempSync(join(tmpdir(), 'encore-pg-'));
  // PostgreSQL refuses to run as root: run it as the `postgres` OS user, in a dir it owns.
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString());
    chownSync(root, uid, gid);
  }
  const run = (tool: string, args: string[]): void => {
    const command = asRoot ? 'runuser' : join(bin, tool);
    const fullArgs = asRoot ? ['-u', 'postgres', '--', join(bin, tool), ...args] : args;
    const result = spawnSync(command, fullArgs, { cwd: root, encoding: 'utf8' });
    if (result.status !== 0) {
      throw new Error(`${tool} failed (${result.status}): ${result.stderr || result.stdout}`);
    }
  };

  const runAsync = (tool: string, args: string[]): Promise<void> => {
    const command = asRoot ? 'runuser' : join(bin, tool);
    const fullArgs = asRoot ? ['-u', 'postgres', '--', join(bin, tool), ...args] : args;
    return new Promise((resolve, reject) => {
      execFile(command, fullArgs, { cwd: root, encoding: 'utf8' }, (error, stdout, stderr) => {
        if (error) reject(new Error(`${tool} failed: ${stderr || stdout || error.message}`));
        else resolve();
      });
    });
  };

  const data = join(root, 'data');
  run('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-sync']);
  const port = await freePort();
  const settings = [
    `-p ${port}`,
    '-c listen_addresses=127.0.0.1',
    `-c unix_socket_directories=${root}`,
    // A test cluster dies with the test: skip fsync to keep the suite fast on shared disks.
    ...(options.durable ? [] : ['-c fsync=off']),
    `-c max_connections=${options.maxConnections ?? 60}`,
  ].join(' ');
  run('pg_ctl', ['-D', data, '-l', join(root, 'log'), '-o', settings, '-w', 'start']);

  const adminUrl = `postgres://postgres@127.0.0.1:${port}/postgres`;
  let count = 0;
  return {
    async createDatabase() {
      count += 1;
      const name = `encore_test_${count}`;
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        await client.query(`CREATE DATABASE ${name}`);
      } finally {
        await client.end();
      }
      return `postgres://postgres@127.0.0.1:${port}/${name}`;
    },
    async restart({ mode, downMs = 0 }) {
      await runAsync('pg_ctl', ['-D', data, '-m', mode, '-w', 'stop']);
      if (downMs > 0) await new Promise((resolve) => setTimeout(resolve, downMs));
      await runAsync('pg_ctl', [
        '-D',
        data,
        '-l',
        join(root, 'log'),
        '-o',
        settings,
        '-w',
        'start',
      ]);
    },
    async stop() {
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(root, { recursive: true, force: true });
      }
    },
  };
}
