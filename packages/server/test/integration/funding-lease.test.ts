// Two backend instances share one database and its funding queue. One of them is slowed by its
// node in the middle of a payment until its lease runs out and the other takes the queue over:
// the slow one never sends the transfer it signed, and the address is paid once. On both engines.
import { Wallet } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, type EngineHarness } from '../../../../tests/support/backend/engines.ts';
import { FakeChain } from '../../../../tests/support/backend/fake-chain.ts';
import { startFakeNode } from '../../../../tests/support/fake-node.ts';
import { createFunder } from '../../src/funding/funder.ts';
import { DEFAULT_MAX_GAS_PRICE_WEI } from '../../src/funding/funding-config.ts';
import { createFundingWorker, type FundingWorker } from '../../src/funding/funding-worker.ts';
import { openStore } from '../../src/store/open-store.ts';
import type { Store } from '../../src/store/store.ts';

const AMOUNT = 10n ** 15n;
/** Longer than the worker's lease (60 s). */
const PAST_THE_LEASE_MS = 61_000;

describe.each(ENGINES.map((make) => make()))(
  'the funding lease on $name',
  (engine: EngineHarness) => {
    const open: { close(): Promise<void> }[] = [];
    beforeAll(() => engine.start(), 120_000);
    afterAll(async () => {
      for (const item of open.reverse()) await item.close();
      await engine.stop();
    });

    it('attack: an instance whose node is slow past its lease mid-row never sends what it signed; one payment', async () => {
      const databaseUrl = await engine.freshDatabaseUrl();
      const stores: Store[] = [await openStore(databaseUrl), await openStore(databaseUrl)];
      open.push(...stores);
      const chain = new FakeChain();
      const key = Wallet.createRandom().privateKey;
      const clock = { ms: 1_000_000 };

      // The slow instance's node holds its read of the account's next nonce, the one a transfer is
      // signed with, until the test lets it go: by then the other instance's transfer is mined,
      // and the nonce read is the next one (a second, distinct transfer).
      let hold = true;
      let reached!: () => void;
      const atTheHold = new Promise<void>((resolve) => {
        reached = resolve;
      });
      let release!: () => void;
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      const slowNode = await startFakeNode(async (method, params) => {
        if (method === 'eth_getTransactionCount' && params[1] === 'pending' && hold) {
          hold = false;
          reached();
          await released;
        }
        return chain.answer(method, params);
      });
      const node = await startFakeNode((method, params) => chain.answer(method, params));
      open.push(slowNode, node);
      const worker = (store: Store, url: string): FundingWorker =>
        createFundingWorker({
          store: store.funding,
          funder: createFunder(url, key, DEFAULT_MAX_GAS_PRICE_WEI),
          amountWei: AMOUNT,
          retrySeconds: 1,
          now: () => clock.ms,
        });
      const slow = worker(stores[0] as Store, slowNode.url);
      const other = worker(stores[1] as Store, node.url);

      const ann = Wallet.createRandom().address.toLowerCase();
      expect(
        await stores[0]?.funding.enqueue({
          walletAddress: ann,
          usernameKey: 'ann-key',
          clientBucket: '10.0.0.1',
          day: 1,
          perClientPerDay: 10,
          globalPerDay: 10,
          nowMs: clock.ms,
        }),
      ).toBe('queued');

      const slowPass = slow.runOnce();
      await atTheHold; // the slow instance holds the lease, mid-row
      clock.ms += PAST_THE_LEASE_MS;
      await other.runOnce(); // takes the lease over, signs, records and sends its own transfer
      chain.mine();
      release();
      await slowPass;
      for (let i = 0; i < 3; i++) {
        clock.ms += 3_600_000;
        await slow.runOnce();
        await other.runOnce();
        chain.mine();
      }

      expect(chain.transfersTo(ann)).toHaveLength(1);
      expect(await stores[1]?.funding.summary()).toMatchObject({ paid: 1, queued: 0 });
    });
  },
);
