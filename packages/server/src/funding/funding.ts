// The funding hook: after a new POST /users, queue a payment of FUNDING_AMOUNT_WEI to the new
// address (once per username and address, within the client's and the global daily budget) and
// let the worker send it. Nothing here can fail or slow a sign-up: enqueueing is one transaction
// and its errors are logged, the payment itself happens later.
import type { FundingWaitReason } from '@encore-wallet/contract';
import type { FundingSummary } from '../store/funding-store.ts';
import type { Store } from '../store/store.ts';
import { createFunder } from './funder.ts';
import type { FundingOptions } from './funding-config.ts';
import { createFundingWorker } from './funding-worker.ts';

export interface FundingStatus extends FundingSummary {
  /** The paying account. */
  funder: string;
  /** Why payments wait, a fixed wording (the node's own text goes to the log only), or null. */
  lastError: FundingWaitReason | null;
}

export interface Funding {
  /** Queues the payment for a user just stored; never throws. */
  onNewUser(
    user: { usernameKey: string; walletAddress: string },
    clientBucket: string,
  ): Promise<void>;
  status(): Promise<FundingStatus>;
  stop(): Promise<void>;
}

export function startFunding(
  store: Store,
  options: FundingOptions,
  log?: (line: string) => void,
  now: () => number = Date.now,
): Funding {
  const funder = createFunder(options.rpcUrl, options.privateKey, options.maxGasPriceWei);
  const worker = createFundingWorker({
    store: store.funding,
    funder,
    amountWei: options.amountWei,
    retrySeconds: options.retrySeconds,
    log,
    now,
  });
  const timer = setInterval(() => void worker.runOnce(), Math.min(options.retrySeconds, 10) * 1000);
  timer.unref();
  let stopped = false;
  void worker.runOnce();

  return {
    async onNewUser(user, clientBucket) {
      try {
        const at = now();
        const result = await store.funding.enqueue({
          walletAddress: user.walletAddress,
          usernameKey: user.usernameKey,
          clientBucket,
          day: Math.floor(at / 86_400_000),
          perClientPerDay: options.perClientPerDay,
          globalPerDay: options.perDay,
          nowMs: at,
        });
        if (result === 'queued' && !stopped) void worker.runOnce();
        else log?.(`funding: not queued (${result})`);
      } catch (error) {
        log?.(`funding: could not queue a payment (${(error as Error).name})`);
      }
    },
    async status() {
      return {
        ...(await store.funding.summary()),
        funder: funder.address,
        lastError: worker.lastError(),
      };
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      await worker.idle();
    },
  };
}
