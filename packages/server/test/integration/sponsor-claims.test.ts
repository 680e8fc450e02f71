// The sponsor service's claims in the database, on SQLite and PostgreSQL: one account has one
// operation on its way at a time, whatever the operations' nonces (their deadlines), so the next
// one is simulated only once the chain holds what the last one did. Racing claims of one account,
// through two connections to one database, let exactly one in.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, type EngineHarness } from '../../../../tests/support/backend/engines.ts';
import { openStore } from '../../src/store/open-store.ts';
import type { ClaimSponsorship } from '../../src/store/sponsor-store.ts';
import type { Store } from '../../src/store/store.ts';

const SENDER = `0x${'ab'.repeat(20)}`;
const hash = (n: number) => `0x${n.toString(16).padStart(64, '0')}`;

function claimOf(n: number, settled: string[] = []): ClaimSponsorship {
  return {
    day: 20_000,
    perListener: 100,
    perClient: 100,
    perDay: 1000,
    userOpHash: hash(n),
    sender: SENDER,
    // Another deadline (nonce key) for each operation.
    nonce: ((BigInt(1_900_000_000 + n) << 64n) | 0n).toString(),
    clientBucket: '203.0.113.7',
    settled,
    proven: true,
  };
}

describe.each(ENGINES.map((make) => make()))(
  'the sponsor claims on $name',
  (engine: EngineHarness) => {
    const stores: Store[] = [];
    beforeAll(() => engine.start());
    afterAll(async () => {
      await Promise.all(stores.map((store) => store.close()));
      await engine.stop();
    });
    async function open(databaseUrl: string): Promise<Store> {
      const store = await openStore(databaseUrl);
      stores.push(store);
      return store;
    }

    it('attack: an account’s second operation under another deadline waits while the first is on its way', async () => {
      const store = await open(await engine.freshDatabaseUrl());
      expect(await store.sponsor.claim(claimOf(1))).toEqual({ kind: 'claimed' });
      // Claimed, not sent: the other waits.
      expect(await store.sponsor.claim(claimOf(2))).toEqual({ kind: 'account-busy' });
      await store.sponsor.markSent(hash(1), hash(101));
      // Sent, but not known to be in a block: still waits.
      expect(await store.sponsor.claim(claimOf(2))).toEqual({ kind: 'account-busy' });
      // The caller found it in a block: the next is claimed.
      expect(await store.sponsor.claim(claimOf(2, [hash(1)]))).toEqual({ kind: 'claimed' });
      expect(await store.sponsor.operationsOf(SENDER)).toEqual(
        expect.arrayContaining([
          {
            userOpHash: hash(1),
            nonce: claimOf(1).nonce,
            status: 'sent',
            txHash: hash(101),
            clientBucket: '',
          },
          {
            userOpHash: hash(2),
            nonce: claimOf(2).nonce,
            status: 'claimed',
            txHash: null,
            clientBucket: '203.0.113.7',
          },
        ]),
      );
      // A refused claim spent nothing: the listener's budget counts the two claimed only.
      expect(await store.sponsor.exhausted({ ...claimOf(3), perListener: 2, sender: SENDER })).toBe(
        'listener',
      );
      expect(
        await store.sponsor.exhausted({ ...claimOf(3), perListener: 3, sender: SENDER }),
      ).toBeNull();
    });

    it('attack: a paymaster’s unproven claims spend the asking client’s budget, and the listener’s only once used', async () => {
      const store = await open(await engine.freshDatabaseUrl());
      const limits = { perListener: 1, perClient: 3 };
      const stranger = { ...claimOf(30), ...limits, proven: false, clientBucket: '198.51.100.9' };
      expect(await store.sponsor.claim(stranger)).toEqual({ kind: 'claimed' });
      await store.sponsor.markSigned(hash(30));
      // The listener's one operation of the day is still there; the stranger's client paid.
      expect(await store.sponsor.exhausted({ ...stranger, perClient: 1 })).toBe('client');
      expect(await store.sponsor.exhausted({ ...claimOf(31), ...limits })).toBeNull();
      // Used before its deadline: counted in the listener's budget, once.
      await store.sponsor.landed(hash(30));
      await store.sponsor.landed(hash(30));
      expect(await store.sponsor.exhausted({ ...claimOf(31), ...limits })).toBe('listener');
      expect(await store.sponsor.exhausted({ ...claimOf(31), perListener: 2 })).toBeNull();

      // Never used: forgotten after its deadline, the asking client's unit stays spent.
      const unused = { ...claimOf(32, [hash(30)]), ...limits, perListener: 5, proven: false };
      const client = { ...unused, clientBucket: '192.0.2.1' };
      expect(await store.sponsor.claim(client)).toEqual({ kind: 'claimed' });
      await store.sponsor.markSigned(hash(32));
      await store.sponsor.expire(hash(32));
      expect((await store.sponsor.operationsOf(SENDER)).map((op) => op.userOpHash)).not.toContain(
        hash(32),
      );
      expect(await store.sponsor.exhausted({ ...client, perClient: 1 })).toBe('client');
      // One given back before it was signed returns the client's unit, and no listener unit.
      const given = { ...claimOf(33), ...limits, perListener: 5, proven: false };
      const other = { ...given, clientBucket: '192.0.2.2', settled: [hash(30)] };
      expect(await store.sponsor.claim(other)).toEqual({ kind: 'claimed' });
      await store.sponsor.release(hash(33));
      expect(await store.sponsor.exhausted({ ...other, perClient: 1 })).toBeNull();
      expect(await store.sponsor.exhausted({ ...claimOf(31), perListener: 2 })).toBeNull();

      // An unproven claim holds no nonce: the account's own operation under the same nonce
      // (its deadline guessed by a stranger) is claimed all the same.
      const fresh = await open(await engine.freshDatabaseUrl());
      const guessed = { ...claimOf(40), proven: false, clientBucket: '198.51.100.9' };
      expect(await fresh.sponsor.claim(guessed)).toEqual({ kind: 'claimed' });
      const own = { ...claimOf(41, [hash(40)]), nonce: guessed.nonce };
      expect(await fresh.sponsor.claim(own)).toEqual({ kind: 'claimed' });
      expect(await fresh.sponsor.claim({ ...own, userOpHash: hash(42) })).toEqual({
        kind: 'nonce-taken',
      });
    });

    it('attack: racing claims of one account under different deadlines, on two connections: exactly one gets in', async () => {
      const databaseUrl = await engine.freshDatabaseUrl();
      const [a, b] = [await open(databaseUrl), await open(databaseUrl)];
      for (let round = 0; round < 5; round++) {
        const first = 10 + round * 2;
        const results = await Promise.all([
          a.sponsor.claim({ ...claimOf(first), sender: `${SENDER.slice(0, -2)}${round}0` }),
          b.sponsor.claim({ ...claimOf(first + 1), sender: `${SENDER.slice(0, -2)}${round}0` }),
        ]);
        expect(results.map((result) => result.kind).sort()).toEqual(['account-busy', 'claimed']);
      }
    });
  },
);
