// The funding hook's tables on SQLite. Each step is one IMMEDIATE transaction: several processes
// on one file take turns, so budgets and the lease hold across them too.
import type Database from 'better-sqlite3';
import {
  BudgetRefused,
  countByStatus,
  type EnqueueFunding,
  type EnqueueFundingResult,
  type FundingRow,
  type FundingStore,
  refusalOf,
} from './funding-store.ts';

interface RowShape {
  wallet_address: string;
  attempts: number;
  raw_tx: string | null;
  tx_hash: string | null;
  tx_nonce: number | null;
}

export function sqliteFundingStore(db: Database.Database): FundingStore {
  const insertPayment = db.prepare<[string, string, number]>(
    `INSERT INTO funding_payments (wallet_address, username_key, status, next_attempt_at)
     VALUES (?, ?, 'queued', ?) ON CONFLICT DO NOTHING`,
  );
  const spendBudget = db.prepare<
    [{ bucket: string; day: number; limit: number }],
    { used: number }
  >(
    `INSERT INTO funding_budget (bucket, day, used) VALUES (@bucket, @day, 1)
     ON CONFLICT (bucket, day) DO UPDATE SET used = used + 1 WHERE used < @limit
     RETURNING used`,
  );
  const enqueue = db.transaction((r: EnqueueFunding): EnqueueFundingResult => {
    if (insertPayment.run(r.walletAddress, r.usernameKey, r.nowMs).changes === 0) {
      return 'already-funded';
    }
    const client = { bucket: `client:${r.clientBucket}`, day: r.day, limit: r.perClientPerDay };
    if (!spendBudget.get(client)) throw new BudgetRefused('client-budget');
    if (!spendBudget.get({ bucket: 'global', day: r.day, limit: r.globalPerDay })) {
      throw new BudgetRefused('global-budget');
    }
    return 'queued';
  });
  const takeLease = db.prepare<[{ holder: string; now: number; until: number }]>(
    `INSERT INTO funding_lease (id, holder, until_ms) VALUES (1, @holder, @until)
     ON CONFLICT (id) DO UPDATE SET holder = @holder, until_ms = @until
     WHERE funding_lease.holder = @holder OR funding_lease.until_ms < @now`,
  );
  const due = db.prepare<[number, number], RowShape>(
    `SELECT wallet_address, attempts, raw_tx, tx_hash, tx_nonce FROM funding_payments
     WHERE status = 'queued' AND next_attempt_at <= ?
     ORDER BY tx_nonce IS NULL, tx_nonce, next_attempt_at LIMIT ?`,
  );
  // The fence: the row changes only while the lease is this holder's and current.
  const LEASE_HELD = `EXISTS (SELECT 1 FROM funding_lease
    WHERE id = 1 AND holder = @holder AND until_ms >= @now)`;
  const saveSigned = db.prepare<
    [
      {
        rawTx: string;
        txHash: string;
        txNonce: number;
        wallet: string;
        holder: string;
        now: number;
      },
    ]
  >(
    `UPDATE funding_payments SET raw_tx = @rawTx, tx_hash = @txHash, tx_nonce = @txNonce
     WHERE wallet_address = @wallet AND status = 'queued' AND raw_tx IS NULL AND ${LEASE_HELD}`,
  );
  const clearSigned = db.prepare<[{ wallet: string; txHash: string; holder: string; now: number }]>(
    `UPDATE funding_payments SET raw_tx = NULL, tx_hash = NULL, tx_nonce = NULL
     WHERE wallet_address = @wallet AND status = 'queued' AND tx_hash = @txHash AND ${LEASE_HELD}`,
  );
  // Settled rows keep no time: the sign-up moment is not stored longer than needed.
  const settle = db.prepare<[string, string | null, string]>(
    `UPDATE funding_payments SET status = ?, last_error = ?, raw_tx = NULL, next_attempt_at = 0
     WHERE wallet_address = ?`,
  );
  const retry = db.prepare<[number, string, string]>(
    `UPDATE funding_payments SET attempts = attempts + 1, next_attempt_at = ?, last_error = ?
     WHERE wallet_address = ?`,
  );
  const summary = db.prepare<[], { status: string; n: number }>(
    'SELECT status, COUNT(*) AS n FROM funding_payments GROUP BY status',
  );
  const prune = db.prepare<[number]>('DELETE FROM funding_budget WHERE day < ?');

  return {
    async enqueue(request) {
      try {
        return enqueue.immediate(request);
      } catch (error) {
        return refusalOf(error);
      }
    },
    async acquireLease(holder, nowMs, untilMs) {
      return takeLease.run({ holder, now: nowMs, until: untilMs }).changes === 1;
    },
    async due(nowMs, limit): Promise<FundingRow[]> {
      return due.all(nowMs, limit).map((row) => ({
        walletAddress: row.wallet_address,
        attempts: row.attempts,
        rawTx: row.raw_tx,
        txHash: row.tx_hash,
        txNonce: row.tx_nonce,
      }));
    },
    async saveSigned(walletAddress, signed, fence) {
      const saved = saveSigned.run({
        ...signed,
        wallet: walletAddress,
        holder: fence.holder,
        now: fence.nowMs,
      });
      return saved.changes === 1;
    },
    async clearSigned(walletAddress, txHash, fence) {
      const cleared = clearSigned.run({
        wallet: walletAddress,
        txHash,
        holder: fence.holder,
        now: fence.nowMs,
      });
      return cleared.changes === 1;
    },
    async settle(walletAddress, status, error) {
      settle.run(status, error ?? null, walletAddress);
    },
    async retryLater(walletAddress, nextAttemptAt, error) {
      retry.run(nextAttemptAt, error, walletAddress);
    },
    async summary() {
      return countByStatus(summary.all());
    },
    async pruneBudgets(day) {
      prune.run(day);
    },
  };
}
