// The sponsor service's tables on SQLite. Each claim and release is one IMMEDIATE transaction:
// several processes on one file take turns, so budgets and claims hold across them too.
import type Database from 'better-sqlite3';
import {
  budgetBuckets,
  type ClaimResult,
  type ClaimSponsorship,
  claimRefusal,
  listenerBucket,
  nonceOfStored,
  type SponsorStore,
  SponsorshipRefused,
  sponsoredStatus,
  storedNonce,
} from './sponsor-store.ts';

export function sqliteSponsorStore(db: Database.Database): SponsorStore {
  const findOp = db.prepare<[string], { status: string; tx_hash: string | null }>(
    'SELECT status, tx_hash FROM sponsored_ops WHERE user_op_hash = ?',
  );
  const findNonce = db.prepare<[string, string], { n: number }>(
    'SELECT 1 AS n FROM sponsored_ops WHERE sender = ? AND nonce = ?',
  );
  const ofSender = db.prepare<
    [string],
    {
      user_op_hash: string;
      nonce: string;
      status: string;
      tx_hash: string | null;
      client_bucket: string;
    }
  >(
    'SELECT user_op_hash, nonce, status, tx_hash, client_bucket FROM sponsored_ops WHERE sender = ?',
  );
  // `spend` 0 only checks the limit (an unproven claim and the listener's budget).
  const spend = db.prepare<
    [{ bucket: string; day: number; limit: number; spend: number }],
    { used: number }
  >(
    `INSERT INTO sponsor_budget (bucket, day, used) VALUES (@bucket, @day, @spend)
     ON CONFLICT (bucket, day) DO UPDATE SET used = used + @spend WHERE used < @limit
     RETURNING used`,
  );
  const count = db.prepare<[string, number]>(
    `INSERT INTO sponsor_budget (bucket, day, used) VALUES (?, ?, 1)
     ON CONFLICT (bucket, day) DO UPDATE SET used = used + 1`,
  );
  const insertOp = db.prepare<[string, string, string, string, number, string]>(
    `INSERT INTO sponsored_ops (user_op_hash, sender, nonce, status, day, client_bucket)
     VALUES (?, ?, ?, ?, ?, ?)`,
  );
  const claimed = db.prepare<
    [string],
    { sender: string; day: number; client_bucket: string; status: string }
  >(
    `SELECT sender, day, client_bucket, status FROM sponsored_ops
     WHERE user_op_hash = ? AND status IN ('claimed', 'signing')`,
  );
  const markSigned = db.prepare<[string, string]>(
    `UPDATE sponsored_ops SET status = 'signed', tx_hash = ? WHERE user_op_hash = ? AND status = 'signing'`,
  );
  const markLanded = db.prepare<[string], { sender: string; day: number }>(
    `UPDATE sponsored_ops SET status = 'landed', client_bucket = ''
     WHERE user_op_hash = ? AND status = 'signed' RETURNING sender, day`,
  );
  const expire = db.prepare<[string]>(
    `DELETE FROM sponsored_ops WHERE user_op_hash = ? AND status = 'signed'`,
  );
  const deleteOp = db.prepare<[string]>('DELETE FROM sponsored_ops WHERE user_op_hash = ?');
  const giveBack = db.prepare<[string, number]>(
    'UPDATE sponsor_budget SET used = used - 1 WHERE bucket = ? AND day = ? AND used > 0',
  );
  const markSent = db.prepare<[string, string]>(
    `UPDATE sponsored_ops SET status = 'sent', tx_hash = ?, client_bucket = '' WHERE user_op_hash = ?`,
  );
  const used = db.prepare<[string, number], { used: number }>(
    'SELECT used FROM sponsor_budget WHERE bucket = ? AND day = ?',
  );
  const countStatus = db.prepare<[string, number], { n: number }>(
    'SELECT COUNT(*) AS n FROM sponsored_ops WHERE status = ? AND day >= ?',
  );
  const pruneBudget = db.prepare<[number]>('DELETE FROM sponsor_budget WHERE day < ?');
  const pruneOps = db.prepare<[number]>(
    `DELETE FROM sponsored_ops WHERE status IN ('sent', 'signing', 'signed', 'landed') AND day < ?`,
  );

  const claim = db.transaction((r: ClaimSponsorship): ClaimResult => {
    const existing = findOp.get(r.userOpHash);
    if (existing) {
      return existing.status !== 'claimed' && existing.status !== 'signing' && existing.tx_hash
        ? { kind: 'sent', txHash: existing.tx_hash }
        : { kind: 'in-flight' };
    }
    if (r.proven && findNonce.get(r.sender, r.nonce)) return { kind: 'nonce-taken' };
    const settled = new Set(r.settled);
    if (ofSender.all(r.sender).some((op) => !settled.has(op.user_op_hash))) {
      return { kind: 'account-busy' };
    }
    for (const { bucket, limit, budget, spend: units } of budgetBuckets(r)) {
      if (!spend.get({ bucket, day: r.day, limit, spend: units })) {
        throw new SponsorshipRefused({ kind: 'budget', budget });
      }
    }
    const status = r.proven ? 'claimed' : 'signing';
    insertOp.run(r.userOpHash, r.sender, storedNonce(r), status, r.day, r.clientBucket);
    return { kind: 'claimed' };
  });
  const release = db.transaction((userOpHash: string): void => {
    const row = claimed.get(userOpHash);
    if (!row) return;
    deleteOp.run(userOpHash);
    for (const { bucket, spend: units } of budgetBuckets({
      sender: row.sender,
      clientBucket: row.client_bucket,
      day: row.day,
      perListener: 0,
      perClient: 0,
      perDay: 0,
      proven: row.status === 'claimed',
    })) {
      if (units === 1) giveBack.run(bucket, row.day);
    }
  });
  const landed = db.transaction((userOpHash: string): void => {
    const row = markLanded.get(userOpHash);
    if (row) count.run(listenerBucket(row.sender), row.day);
  });

  return {
    async claim(request) {
      try {
        return claim.immediate(request);
      } catch (error) {
        return claimRefusal(error);
      }
    },
    async release(userOpHash) {
      release.immediate(userOpHash);
    },
    async operationsOf(sender) {
      return ofSender.all(sender).map((op) => ({
        userOpHash: op.user_op_hash,
        nonce: nonceOfStored(op.nonce),
        status: sponsoredStatus(op.status),
        txHash: op.tx_hash,
        clientBucket: op.client_bucket,
      }));
    },
    async markSent(userOpHash, txHash) {
      markSent.run(txHash, userOpHash);
    },
    async markSigned(userOpHash) {
      markSigned.run(userOpHash, userOpHash);
    },
    async landed(userOpHash) {
      landed.immediate(userOpHash);
    },
    async expire(userOpHash) {
      expire.run(userOpHash);
    },
    async sentTransaction(userOpHash) {
      const row = findOp.get(userOpHash);
      return row?.status === 'sent' ? row.tx_hash : null;
    },
    async exhausted(request) {
      for (const { bucket, limit, budget } of budgetBuckets({ ...request, proven: true })) {
        if ((used.get(bucket, request.day)?.used ?? 0) >= limit) return budget;
      }
      return null;
    },
    async summary(day) {
      return {
        inFlight: countStatus.get('claimed', 0)?.n ?? 0,
        sentToday: countStatus.get('sent', day)?.n ?? 0,
      };
    },
    async prune(day) {
      pruneBudget.run(day);
      pruneOps.run(day);
    },
  };
}
