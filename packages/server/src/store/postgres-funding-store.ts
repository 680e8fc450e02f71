// The funding hook's tables on PostgreSQL, shared by every instance. The budget upsert locks its
// row until the transaction ends, so concurrent sign-ups on several instances count one by one.
import type pg from 'pg';
import {
  BudgetRefused,
  countByStatus,
  type FundingRow,
  type FundingStore,
  refusalOf,
} from './funding-store.ts';

type InTransaction = <T>(work: (client: pg.PoolClient) => Promise<T>) => Promise<T>;

const SPEND_BUDGET = `INSERT INTO funding_budget (bucket, day, used) VALUES ($1, $2, 1)
  ON CONFLICT (bucket, day) DO UPDATE SET used = funding_budget.used + 1
  WHERE funding_budget.used < $3 RETURNING used`;

/**
 * The fence, with the holder and the moment as parameters `$holder` and `$now`: the row changes
 * only while the lease is this holder's and current. The subquery sees the lease as committed
 * when the statement starts; an instance that takes the lease just after then finds the row
 * signed (its own update waits for this one's and re-reads `raw_tx`), and signs nothing more.
 */
const leaseHeld = (holder: number, now: number) => `EXISTS (SELECT 1 FROM funding_lease
  WHERE id = 1 AND holder = $${holder} AND until_ms >= $${now})`;

export function postgresFundingStore(pool: pg.Pool, inTransaction: InTransaction): FundingStore {
  return {
    async enqueue(r) {
      try {
        return await inTransaction(async (client) => {
          const inserted = await client.query(
            `INSERT INTO funding_payments (wallet_address, username_key, status, next_attempt_at)
             VALUES ($1, $2, 'queued', $3) ON CONFLICT DO NOTHING`,
            [r.walletAddress, r.usernameKey, r.nowMs],
          );
          if (inserted.rowCount === 0) return 'already-funded';
          const client_ = await client.query(SPEND_BUDGET, [
            `client:${r.clientBucket}`,
            r.day,
            r.perClientPerDay,
          ]);
          if (client_.rowCount === 0) throw new BudgetRefused('client-budget');
          const global = await client.query(SPEND_BUDGET, ['global', r.day, r.globalPerDay]);
          if (global.rowCount === 0) throw new BudgetRefused('global-budget');
          return 'queued';
        });
      } catch (error) {
        return refusalOf(error);
      }
    },
    async acquireLease(holder, nowMs, untilMs) {
      const result = await pool.query(
        `INSERT INTO funding_lease (id, holder, until_ms) VALUES (1, $1, $3)
         ON CONFLICT (id) DO UPDATE SET holder = $1, until_ms = $3
         WHERE funding_lease.holder = $1 OR funding_lease.until_ms < $2`,
        [holder, nowMs, untilMs],
      );
      return result.rowCount === 1;
    },
    async due(nowMs, limit): Promise<FundingRow[]> {
      const { rows } = await pool.query<{
        wallet_address: string;
        attempts: number;
        raw_tx: string | null;
        tx_hash: string | null;
        tx_nonce: string | null;
      }>(
        `SELECT wallet_address, attempts, raw_tx, tx_hash, tx_nonce FROM funding_payments
         WHERE status = 'queued' AND next_attempt_at <= $1
         ORDER BY tx_nonce ASC NULLS LAST, next_attempt_at LIMIT $2`,
        [nowMs, limit],
      );
      return rows.map((row) => ({
        walletAddress: row.wallet_address,
        attempts: row.attempts,
        rawTx: row.raw_tx,
        txHash: row.tx_hash,
        txNonce: row.tx_nonce === null ? null : Number(row.tx_nonce),
      }));
    },
    async saveSigned(walletAddress, signed, fence) {
      const saved = await pool.query(
        `UPDATE funding_payments SET raw_tx = $1, tx_hash = $2, tx_nonce = $3
         WHERE wallet_address = $4 AND status = 'queued' AND raw_tx IS NULL AND ${leaseHeld(5, 6)}`,
        [signed.rawTx, signed.txHash, signed.txNonce, walletAddress, fence.holder, fence.nowMs],
      );
      return saved.rowCount === 1;
    },
    async clearSigned(walletAddress, txHash, fence) {
      const cleared = await pool.query(
        `UPDATE funding_payments SET raw_tx = NULL, tx_hash = NULL, tx_nonce = NULL
         WHERE wallet_address = $1 AND status = 'queued' AND tx_hash = $2 AND ${leaseHeld(3, 4)}`,
        [walletAddress, txHash, fence.holder, fence.nowMs],
      );
      return cleared.rowCount === 1;
    },
    async settle(walletAddress, status, error) {
      await pool.query(
        `UPDATE funding_payments SET status = $1, last_error = $2, raw_tx = NULL, next_attempt_at = 0
         WHERE wallet_address = $3`,
        [status, error ?? null, walletAddress],
      );
    },
    async retryLater(walletAddress, nextAttemptAt, error) {
      await pool.query(
        `UPDATE funding_payments SET attempts = attempts + 1, next_attempt_at = $1, last_error = $2
         WHERE wallet_address = $3`,
        [nextAttemptAt, error, walletAddress],
      );
    },
    async summary() {
      const { rows } = await pool.query<{ status: string; n: string }>(
        'SELECT status, COUNT(*) AS n FROM funding_payments GROUP BY status',
      );
      return countByStatus(rows);
    },
    async pruneBudgets(day) {
      await pool.query('DELETE FROM funding_budget WHERE day < $1', [day]);
    },
  };
}
