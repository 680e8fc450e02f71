// Sends queued payments, one instance at a time (a lease row in the database), one payment at a
// time. Each payment is signed once and stored before it is broadcast; a retry broadcasts the
// same bytes, so a crash, a timeout or two instances can never pay an address twice. The lease
// is fenced: it is renewed before a transfer is signed, and the statement that stores the
// transfer checks it is still this instance's, so one whose reads outlasted the lease (another
// took it meanwhile) sends nothing. A stored
// transfer whose nonce was taken by another transaction can never be mined: only then, with the
// block that holds the other transaction as proof, is it signed anew.
import { randomUUID } from 'node:crypto';
import type { FundingWaitReason } from '@encore-wallet/contract';
import type { FundingRow, FundingStore } from '../store/funding-store.ts';
import type { Funder } from './funder.ts';
import { FundingError, waitReasonOf } from './funding-error.ts';

export interface FundingWorkerOptions {
  store: FundingStore;
  funder: Funder;
  amountWei: bigint;
  retrySeconds: number;
  log?: (line: string) => void;
  now?: () => number;
}

const LEASE_MS = 60_000;
const BATCH = 20;
const MAX_DELAY_SECONDS = 3600;

export interface FundingWorker {
  /** One pass over due payments; resolves when done (a pass already running is joined). */
  runOnce(): Promise<void>;
  /** Resolves when no pass is running. */
  idle(): Promise<void>;
  /** Why payments wait (a fixed wording), or null once a payment went through. */
  lastError(): FundingWaitReason | null;
}

/** A node's text as one log line: control characters out, at most 300 characters. */
function oneLine(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: they are what is taken out
  return text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ').slice(0, 300);
}

export function createFundingWorker(options: FundingWorkerOptions): FundingWorker {
  const { store, funder } = options;
  const now = options.now ?? Date.now;
  const holder = randomUUID();
  let running: Promise<void> | null = null;
  let lastError: FundingWaitReason | null = null;

  const lease = (): Promise<boolean> => {
    const at = now();
    return store.acquireLease(holder, at, at + LEASE_MS);
  };

  async function retry(row: FundingRow, error: unknown): Promise<void> {
    // The node's own words stay with the operator (the log, the row); /health gets a fixed one.
    lastError = waitReasonOf(error);
    const detail = oneLine(error instanceof Error ? error.message : String(error));
    const delay = Math.min(
      options.retrySeconds * 2 ** Math.min(row.attempts, 12),
      MAX_DELAY_SECONDS,
    );
    await store.retryLater(row.walletAddress, now() + delay * 1000, detail);
    options.log?.(
      `funding: payment to ${row.walletAddress} will be retried in ${delay} s (${lastError}: ${detail})`,
    );
  }

  /** True when settled; false when it is left for a later pass. */
  async function settleIfMined(row: FundingRow, txHash: string): Promise<boolean> {
    const outcome = await funder.outcome(txHash);
    if (outcome === 'none') return false;
    await store.settle(row.walletAddress, outcome, outcome === 'failed' ? 'reverted' : undefined);
    if (outcome === 'paid') lastError = null;
    return true;
  }

  /** The lease this worker must hold, now, for a transfer to be recorded or forgotten. */
  const fence = () => ({ holder, nowMs: now() });

  /**
   * `justSigned`: the transfer was signed in this call, so it cannot have been mined yet.
   * 'lease-lost' when another instance took the lease (or the row) before a transfer was
   * recorded: that transfer is never sent, and this pass ends.
   */
  async function pay(row: FundingRow, justSigned = false): Promise<'done' | 'lease-lost'> {
    if (row.rawTx && row.txHash && row.txNonce !== null) {
      // One signed on an earlier pass may have been mined since (its answer lost, or a crash).
      if (!justSigned && (await settleIfMined(row, row.txHash))) return 'done';
      try {
        await funder.broadcast(row.rawTx);
      } catch (error) {
        // Mined meanwhile, or its nonce went elsewhere (then it can never be mined). The nonce is
        // read before the receipt: a transfer mined between the two reads then shows as mined,
        // never as "no receipt, nonce used". While the nonce is free, the same bytes are retried.
        if ((await funder.minedNonce()) <= row.txNonce) throw error;
        if (await settleIfMined(row, row.txHash)) return 'done';
        // Nonce used, no receipt: a node whose backends lag each other can say both of a transfer
        // that is ours. Only the block that used the nonce, holding another transaction of the
        // account at it, proves this one can never be mined; nothing less signs a second one.
        const minedInstead = await funder.minedWithNonce(row.txNonce);
        if (minedInstead === null) throw error;
        if (minedInstead === row.txHash.toLowerCase()) {
          throw new FundingError('FUNDING_RECEIPT_PENDING', `${row.txHash}: mined, no receipt yet`);
        }
        if (!(await store.clearSigned(row.walletAddress, row.txHash, fence()))) {
          return 'lease-lost';
        }
        return pay({ ...row, rawTx: null, txHash: null, txNonce: null });
      }
      if (!(await settleIfMined(row, row.txHash))) {
        throw new FundingError('FUNDING_NOT_MINED', `${row.txHash}: sent, not mined yet`);
      }
      return 'done';
    }
    // Renewed before signing, and checked again by the statement that records the transfer: one
    // row's reads can outlast the lease, and an instance that lost it must never send.
    if (!(await lease())) return 'lease-lost';
    const signed = await funder.signTransfer(
      row.walletAddress,
      options.amountWei,
      await funder.pendingNonce(),
    );
    const transfer = { rawTx: signed.rawTx, txHash: signed.txHash, txNonce: signed.nonce };
    if (!(await store.saveSigned(row.walletAddress, transfer, fence()))) {
      options.log?.(`funding: lost the lease while signing for ${row.walletAddress}; not sent`);
      return 'lease-lost';
    }
    return pay({ ...row, ...transfer }, true);
  }

  async function pass(): Promise<void> {
    if (!(await lease())) return;
    for (const row of await store.due(now(), BATCH)) {
      try {
        if ((await pay(row)) === 'lease-lost') break;
      } catch (error) {
        await retry(row, error);
        // The chain is failing: the rest waits for the next pass (and keeps its nonce order).
        break;
      }
      if (!(await lease())) break;
    }
    await store.pruneBudgets(Math.floor(now() / 86_400_000) - 1);
  }

  return {
    runOnce() {
      running ??= pass()
        .catch((error: unknown) => {
          options.log?.(`funding: worker pass failed (${(error as Error).name})`);
        })
        .finally(() => {
          running = null;
        });
      return running;
    },
    idle: () => running ?? Promise.resolve(),
    lastError: () => lastError,
  };
}
