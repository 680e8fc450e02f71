// Durability: a server killed with SIGKILL in the middle of a write load has lost no record it
// answered 200 for — to the POST that stored it, or to a GET that read it back (each write is
// raced by a GET of its own lookupKey, so reads are answered up to the kill, some before their
// POST). The server runs as a child process (`packages/server/src/main.ts`, as `npm run server`).
import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from '../../../../tests/support/backend/engines.ts';
import { authRecord, hex } from '../../../../tests/support/backend/http.ts';
import { spawnServer } from '../../../../tests/support/backend/spawn-server.ts';
import { startServer } from '../../src/index.ts';

const WRITERS = 12;
const ACKS_BEFORE_KILL = 150;

describe.each(ENGINES.map((make) => make()))('SIGKILL during writes on $name', (engine) => {
  beforeAll(() => engine.start());
  afterAll(() => engine.stop());

  it('keeps every record and user that was answered 200, to its POST or to a GET', async () => {
    const databaseUrl = await engine.freshDatabaseUrl();
    const { child, url } = await spawnServer({
      DATABASE_URL: databaseUrl,
      // Hundreds of writes and reads from one address: the limiter has its own suites.
      RATE_LIMIT_WRITES_PER_ADDRESS: '1000000',
      RATE_LIMIT_PER_ADDRESS: '1000000',
    });
    const exited = once(child, 'exit');

    const acknowledged: ReturnType<typeof authRecord>[] = [];
    const acknowledgedUsers: { username: string; walletAddress: string }[] = [];
    /** Records a GET answered 200 for, as it returned them. */
    const read: unknown[] = [];
    let failures = 0;
    let next = 0;
    let killed = false;

    // Each writer keeps writing until a request fails: the server dies under load, whatever
    // the moment (group commit answers many writers at once, so a stop at the kill could
    // otherwise leave none in flight).
    async function writer(): Promise<void> {
      for (;;) {
        const seed = next++;
        const record = authRecord(10_000 + seed);
        const user = { username: `user-${seed}`, walletAddress: `0x${hex(seed, 40)}` };
        try {
          const [auth, users] = await Promise.all([
            ...[
              ['/authentication', record],
              ['/users', user],
            ].map(([path, body]) =>
              fetch(`${url}${path}`, {
                method: 'POST',
                headers: { 'content-type': 'application/json' },
                body: JSON.stringify(body),
              }),
            ),
            // Sent 0–3 ms after the write, while it is being committed and fsynced: answered 404
            // before its COMMIT, 200 only once it is durable.
            new Promise((resolve) => setTimeout(resolve, seed % 4))
              .then(() => fetch(`${url}/authentication?lookupKey=${record.lookupKey}`))
              .then(async (answer) => {
                if (answer.status === 200) read.push(await answer.json());
              }),
          ]);
          if (auth?.status === 200) acknowledged.push(record);
          if (users?.status === 200) acknowledgedUsers.push(user);
          if (acknowledged.length >= ACKS_BEFORE_KILL && !killed) {
            killed = true;
            child.kill('SIGKILL');
          }
        } catch {
          failures += 1; // in flight when the process died, or sent after: never acknowledged
          return;
        }
      }
    }
    await Promise.all(Array.from({ length: WRITERS }, writer));
    const [, signal] = await exited;
    expect(signal).toBe('SIGKILL');
    // Every writer was still writing when the process died: the kill was mid-load.
    expect(failures).toBe(WRITERS);

    // Restart on the same database (recovers the SQLite WAL) and look for every acknowledged row.
    const restarted = await startServer({ databaseUrl });
    try {
      const health = await fetch(`${restarted.url}/health`);
      expect(health.status).toBe(200);
      const dump = await engine.dump(databaseUrl);
      const stored = new Map(dump.auth.map((row) => [row.lookup_key, row]));
      for (const record of acknowledged) {
        expect(stored.get(record.lookupKey)).toEqual({
          lookup_key: record.lookupKey,
          iv: record.iv,
          cipher_text: record.cipherText,
        });
      }
      const users = new Set(dump.users.map((row) => `${row.username_key} ${row.wallet_address}`));
      for (const user of acknowledgedUsers) {
        expect(users.has(`${user.username} ${user.walletAddress}`)).toBe(true);
      }
      for (const record of read as ReturnType<typeof authRecord>[]) {
        expect(stored.get(record.lookupKey)).toEqual({
          lookup_key: record.lookupKey,
          iv: record.iv,
          cipher_text: record.cipherText,
        });
      }
      expect(acknowledged.length).toBeGreaterThanOrEqual(ACKS_BEFORE_KILL);
      expect(read.length).toBeGreaterThan(0);
    } finally {
      await restarted.close();
    }
  });
});
