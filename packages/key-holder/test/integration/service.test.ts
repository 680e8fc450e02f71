// The real `encore-key-holder` process on a free port, two instances sharing one counter store,
// on SQLite and on PostgreSQL: the wallet core's client gets RFC 9497's output through it; the
// per-account limit holds across many client addresses and both instances; a guess for one
// account spends nothing of another's; the store holds counters and nothing else.
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  askKeyHolder,
  evaluateWithKeyHolder,
  KeyHolderRefusedError,
  keyHolderAccountId,
  keyHolderAccountIdHex,
  markHardened,
} from '@encore-wallet/core/key-holder';
import { bytesToHex, hexToBytes } from '@encore-wallet/utils/encoding';
import type { FetchText } from '@encore-wallet/utils/http';
import { ristretto255, ristretto255_oprf } from '@noble/curves/ed25519.js';
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from '../../../../tests/support/backend/engines.ts';
import { addKey as addKeyToFile } from '../../src/cli/key-file-commands.ts';
import { parseKeyFile } from '../../src/index.ts';

const ROOT = new URL('../../../../', import.meta.url).pathname;
const PER_ACCOUNT = 5;

interface Spawned {
  url: string;
  child: ChildProcess;
  output(): string;
  stop(): Promise<void>;
}

function spawnKeyHolder(env: Record<string, string>): Promise<Spawned> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'packages/key-holder/src/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, KEY_HOLDER_PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = once(child, 'exit');
  return new Promise((resolve, reject) => {
    const keep = (chunk: Buffer): void => {
      output += chunk.toString();
      const match = /encore key holder on (http:\/\/[\d.:]+)/.exec(output);
      if (match?.[1]) {
        resolve({
          url: match[1],
          child,
          output: () => output,
          async stop() {
            if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
            await exited;
          },
        });
      }
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once('exit', (code) => reject(new Error(`key holder exited (${code}): ${output}`)));
  });
}

const from =
  (address: string): FetchText =>
  (url, init) =>
    fetch(url, { ...init, headers: { ...(init.headers as object), 'x-forwarded-for': address } });

describe.each(ENGINES.map((make) => make()))('the key holder service on $name', (engine) => {
  const dir = mkdtempSync(join(tmpdir(), 'encore-key-holder-'));
  const keysPath = join(dir, 'keys.json');
  let databaseUrl = '';
  let first: Spawned;
  let second: Spawned;
  let secretKey = '';
  let publicKey = '';

  beforeAll(async () => {
    await engine.start();
    databaseUrl = await engine.freshDatabaseUrl();
    const line = addKeyToFile(keysPath, 'k1', false);
    publicKey = line.split(' ')[1] ?? '';
    secretKey = parseKeyFile(readFileSync(keysPath, 'utf8'), keysPath).keys[0]?.secretKey ?? '';
    const env = {
      KEY_HOLDER_KEYS_FILE: keysPath,
      KEY_HOLDER_DATABASE_URL: databaseUrl,
      KEY_HOLDER_TRUST_PROXY: '1',
      KEY_HOLDER_WINDOW_SECONDS: '86400',
      KEY_HOLDER_PER_ACCOUNT: String(PER_ACCOUNT),
      KEY_HOLDER_PER_ADDRESS: '100',
    };
    [first, second] = await Promise.all([spawnKeyHolder(env), spawnKeyHolder(env)]);
  });
  afterAll(async () => {
    await Promise.all([first?.stop(), second?.stop()]);
    await engine.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  const input = new TextEncoder().encode('derived from a password');
  const evaluate = (username: string, address: string, server: Spawned) =>
    evaluateWithKeyHolder({
      username,
      input,
      keyHolder: { url: server.url, keyId: 'k1', publicKey },
      fetch: from(address),
    });

  it("gives the wallet core's client RFC 9497's output, with the account as public input", async () => {
    const output = await evaluate('Frank', '203.0.113.1', first);
    const account = await keyHolderAccountId('frank');
    expect(bytesToHex(output)).toBe(
      bytesToHex(ristretto255_oprf.poprf(account).evaluate(hexToBytes(secretKey), input)),
    );
  });

  it('holds the per-account limit across many addresses and both instances; spares other accounts', async () => {
    const blinded = bytesToHex(ristretto255.Point.BASE.multiply(11n).toBytes());
    const guess = async (username: string, address: string, server: Spawned) =>
      fetch(`${server.url}/evaluate`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
        body: JSON.stringify({
          keyId: 'k1',
          account: await keyHolderAccountIdHex(username),
          blinded,
        }),
      });
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const answer = await guess('grace', `198.51.100.${i}`, i % 2 ? second : first);
      statuses.push(answer.status);
      if (answer.status === 429) {
        expect(Number(answer.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
        expect(await answer.json()).toMatchObject({ retryAfterSeconds: expect.any(Number) });
      }
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(PER_ACCOUNT);
    expect(statuses.slice(PER_ACCOUNT).every((s) => s === 429)).toBe(true);
    // Another account, from the same addresses: its whole budget, untouched.
    const others: number[] = [];
    for (let i = 0; i <= PER_ACCOUNT; i++) {
      others.push((await guess('heidi', `198.51.100.${i}`, i % 2 ? first : second)).status);
    }
    expect(others).toEqual([...Array(PER_ACCOUNT).fill(200), 429]);
  });

  it('counts a concurrent burst on both instances one by one', async () => {
    const blinded = bytesToHex(ristretto255.Point.BASE.multiply(13n).toBytes());
    const account = await keyHolderAccountIdHex('ivan');
    const answers = await Promise.all(
      Array.from({ length: 16 }, (_, i) =>
        fetch(`${(i % 2 ? first : second).url}/evaluate`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': `192.0.2.${i}` },
          body: JSON.stringify({ keyId: 'k1', account, blinded }),
        }),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(PER_ACCOUNT);
    expect(statuses.filter((s) => s === 429)).toHaveLength(16 - PER_ACCOUNT);
  });

  it("keeps an account's hardened mark, which every instance answers with its evaluations", async () => {
    const ask = (username: string, server: Spawned) =>
      askKeyHolder({
        username,
        input,
        keyHolder: { url: server.url, keyId: 'k1', publicKey },
        fetch: from('203.0.113.90'),
      });
    expect((await ask('Gwen', second)).hardenedUnder).toBeNull();
    await markHardened({
      url: first.url,
      username: ' gwen ',
      keyId: 'k1',
      fetch: from('203.0.113.90'),
    });
    expect((await ask('Gwen', second)).hardenedUnder).toBe('k1');
    expect((await ask('Hal', second)).hardenedUnder).toBeNull();
    const refused = await markHardened({
      url: first.url,
      username: 'Hal',
      keyId: 'k9',
      fetch: from('203.0.113.90'),
    }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(KeyHolderRefusedError);
    expect((refused as KeyHolderRefusedError).status).toBe(404);
    expect((await ask('Hal', first)).hardenedUnder).toBeNull();
  });

  it('keeps counters and marks only: no key, no input, in its store', async () => {
    const tables: string[] = [];
    let text = '';
    if (engine.name === 'sqlite') {
      const db = new Database(databaseUrl.slice('sqlite:'.length), { readonly: true });
      try {
        for (const row of db
          .prepare<[], { name: string }>("SELECT name FROM sqlite_master WHERE type = 'table'")
          .all()) {
          tables.push(row.name);
        }
        text = JSON.stringify([
          db.prepare('SELECT * FROM guess_buckets').all(),
          db.prepare('SELECT * FROM hardened_accounts').all(),
        ]);
      } finally {
        db.close();
      }
    } else {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      try {
        const { rows } = await client.query<{ tablename: string }>(
          "SELECT tablename FROM pg_tables WHERE schemaname = 'public'",
        );
        tables.push(...rows.map((r) => r.tablename));
        text = JSON.stringify([
          (await client.query('SELECT * FROM guess_buckets')).rows,
          (await client.query('SELECT * FROM hardened_accounts')).rows,
        ]);
      } finally {
        await client.end();
      }
    }
    expect(tables.sort()).toEqual(['guess_buckets', 'hardened_accounts']);
    expect(text).not.toContain(secretKey);
    expect(text).not.toContain(bytesToHex(input));
    expect(text).toContain('"a:');
    expect(text).toContain(await keyHolderAccountIdHex('gwen'));
  });
});

describe('encore-key-holder without a key', () => {
  it('refuses to start and says why', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'packages/key-holder/src/main.ts'], {
      cwd: ROOT,
      env: { ...process.env, KEY_HOLDER_PORT: '0', KEY_HOLDER_KEYS_FILE: '', KEY_HOLDER_KEYS: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const [code] = await once(child, 'exit');
    expect(code).toBe(2);
    expect(stderr).toContain('no key: set KEY_HOLDER_KEYS_FILE');
  });
});
