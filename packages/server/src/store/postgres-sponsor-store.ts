// The sponsor service's tables on PostgreSQL, shared by every instance. A claim runs in one
// transaction: the budget upserts lock their rows until it ends, so concurrent claims on several
// instances count one by one (and one account's claims one after another), and the unique
// (sender, nonce) lets only one of two racing copies in.
import type pg from 'pg';
import {
  budgetBuckets,
  type ClaimResult,
  claimRefusal,
  listenerBucket,
  nonceOfStored,
  type SponsorStore,
  SponsorshipRefused,
  sponsoredStatus,
  storedNonce,
} from './sponsor-store.ts';

type InTransaction = <T>(work: (client: pg.PoolClient) => Promise<T>) => Promise<T>;

// $4 = 0 only checks the limit (an unproven claim and the listener's budget), locking the row all the same.
const SPEND = `INSERT INTO sponsor_budget (bucket, day, used) VALUES ($1, $2, $4)
  ON CONFLICT (bucket, day) DO UPDATE SET used = sponsor_budget.used + $4
  WHERE sponsor_budget.used < $3 RETURNING used`;

export function postgresSponsorStore(pool: pg.Pool, inTransaction: InTransaction): SponsorStore {
  return {
    async claim(r) {
      try {
        return await inTransaction(async (client): Promise<ClaimResult> => {
          // The row first: a racing copy of the same operation (or of its nonce) waits on the
          // unique index until this transaction ends, then finds it.
          const inserted = await client.query(
            `INSERT INTO sponsored_ops (user_op_hash, sender, nonce, status, day, client_bucket)
             VALUES ($1, $2, $3, $6, $4, $5) ON CONFLICT DO NOTHING`,
            [
              r.userOpHash,
              r.sender,
              storedNonce(r),
              r.day,
              r.clientBucket,
              r.proven ? 'claimed' : 'signing',
            ],
          );
          if (inserted.rowCount === 0) {
            const { rows } = await client.query<{ status: string; tx_hash: string | null }>(
              'SELECT status, tx_hash FROM sponsored_ops WHERE user_op_hash = $1',
              [r.userOpHash],
            );
            const existing = rows[0];
            if (!existing) return { kind: 'nonce-taken' };
            return existing.status !== 'claimed' &&
              existing.status !== 'signing' &&
              existing.tx_hash
              ? { kind: 'sent', txHash: existing.tx_hash }
              : { kind: 'in-flight' };
          }
          for (const { bucket, limit, budget, spend } of budgetBuckets(r)) {
            const spent = await client.query(SPEND, [bucket, r.day, limit, spend]);
            if (spent.rowCount === 0) throw new SponsorshipRefused({ kind: 'budget', budget });
          }
          // After the listener's budget row is locked: a racing claim of the same account waits
          // for this transaction to end, then sees its row here.
          const { rows: others } = await client.query<{ user_op_hash: string }>(
            'SELECT user_op_hash FROM sponsored_ops WHERE sender = $1 AND user_op_hash <> $2',
            [r.sender, r.userOpHash],
          );
          const settled = new Set(r.settled);
          if (others.some((op) => !settled.has(op.user_op_hash))) {
            throw new SponsorshipRefused({ kind: 'account-busy' });
          }
          return { kind: 'claimed' };
        });
      } catch (error) {
        return claimRefusal(error);
      }
    },
    async release(userOpHash) {
      await inTransaction(async (client) => {
        const { rows } = await client.query<{
          sender: string;
          day: string;
          client_bucket: string;
          status: string;
        }>(
          `DELETE FROM sponsored_ops WHERE user_op_hash = $1 AND status IN ('claimed', 'signing')
           RETURNING sender, day, client_bucket, status`,
          [userOpHash],
        );
        const row = rows[0];
        if (!row) return;
        const day = Number(row.day);
        for (const { bucket, spend } of budgetBuckets({
          sender: row.sender,
          clientBucket: row.client_bucket,
          day,
          perListener: 0,
          perClient: 0,
          perDay: 0,
          proven: row.status === 'claimed',
        })) {
          if (spend === 0) continue;
          await client.query(
            'UPDATE sponsor_budget SET used = used - 1 WHERE bucket = $1 AND day = $2 AND used > 0',
            [bucket, day],
          );
        }
      });
    },
    async operationsOf(sender) {
      const { rows } = await pool.query<{
        user_op_hash: string;
        nonce: string;
        status: string;
        tx_hash: string | null;
        client_bucket: string;
      }>(
        'SELECT user_op_hash, nonce, status, tx_hash, client_bucket FROM sponsored_ops WHERE sender = $1',
        [sender],
      );
      return rows.map((op) => ({
        userOpHash: op.user_op_hash,
        nonce: nonceOfStored(op.nonce),
        status: sponsoredStatus(op.status),
        txHash: op.tx_hash,
        clientBucket: op.client_bucket,
      }));
    },
    async markSigned(userOpHash) {
      await pool.query(
        `UPDATE sponsored_ops SET status = 'signed', tx_hash = $1 WHERE user_op_hash = $1 AND status = 'signing'`,
        [userOpHash],
      );
    },
    async landed(userOpHash) {
      await inTransaction(async (client) => {
        const { rows } = await client.query<{ sender: string; day: string }>(
          `UPDATE sponsored_ops SET status = 'landed', client_bucket = ''
           WHERE user_op_hash = $1 AND status = 'signed' RETURNING sender, day`,
          [userOpHash],
        );
        const row = rows[0];
        if (!row) return;
        await client.query(
          `INSERT INTO sponsor_budget (bucket, day, used) VALUES ($1, $2, 1)
           ON CONFLICT (bucket, day) DO UPDATE SET used = sponsor_budget.used + 1`,
          [listenerBucket(row.sender), Number(row.day)],
        );
      });
    },
    async expire(userOpHash) {
      await pool.query(`DELETE FROM sponsored_ops WHERE user_op_hash = $1 AND status = 'signed'`, [
        userOpHash,
      ]);
    },
    async markSent(userOpHash, txHash) {
      await pool.query(
        `UPDATE sponsored_ops SET status = 'sent', tx_hash = $1, client_bucket = '' WHERE user_op_hash = $2`,
        [txHash, userOpHash],
      );
    },
    async sentTransaction(userOpHash) {
      const { rows } = await pool.query<{ status: string; tx_hash: string | null }>(
        'SELECT status, tx_hash FROM sponsored_ops WHERE user_op_hash = $1',
        [userOpHash],
      );
      return rows[0]?.status === 'sent' ? rows[0].tx_hash : null;
    },
    async exhausted(request) {
      for (const { bucket, limit, budget } of budgetBuckets({ ...request, proven: true })) {
        const { rows } = await pool.query<{ used: number }>(
          'SELECT used FROM sponsor_budget WHERE bucket = $1 AND day = $2',
          [bucket, request.day],
        );
        if ((rows[0]?.used ?? 0) >= limit) return budget;
      }
      return null;
    },
    async summary(day) {
      const { rows } = await pool.query<{ in_flight: string; sent_today: string }>(
        `SELECT COUNT(*) FILTER (WHERE status = 'claimed') AS in_flight,
                COUNT(*) FILTER (WHERE status = 'sent' AND day >= $1) AS sent_today
         FROM sponsored_ops`,
        [day],
      );
      return {
        inFlight: Number(rows[0]?.in_flight ?? 0),
        sentToday: Number(rows[0]?.sent_today ?? 0),
      };
    },
    async prune(day) {
      await pool.query('DELETE FROM sponsor_budget WHERE day < $1', [day]);
      await pool.query(
        `DELETE FROM sponsored_ops WHERE status IN ('sent', 'signing', 'signed', 'landed') AND day < $1`,
        [day],
      );
    },
  };
}
