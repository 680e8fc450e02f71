// A nonce a site sets, played by hostile sites: a gap ahead of the account's next nonce, and a
// nonce of another site's pending transaction (which would replace or cancel it). Refused before
// the window (checkSiteNonce) and again at sending (withNextNonce); a site may replace only its own
// pending transaction, when the window said so, and Encore's own next nonce stays right.
import { beforeEach, describe, expect, it } from 'vitest';
import { browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { ProviderRpcError } from '../../../lib/extension/protocol/index.ts';
import {
  createNonceReservations,
  sessionNonceMemory,
} from '../../../lib/extension/transactions/index.ts';

const ACCOUNT = '0x1111111111111111111111111111111111111111';
const SHOP = 'https://shop.example';
const HOSTILE = 'https://hostile.example';
const key = (origin: string) => ({ chainId: 1, account: ACCOUNT, origin });

/** A node whose pending count the test moves, and what was signed with which nonce. */
function world() {
  const state = { pending: 5, sent: [] as { origin: string; nonce: number }[] };
  const nonces = createNonceReservations();
  const count = async () => state.pending;
  const send = (origin: string, siteNonce: { nonce: number; replaces: boolean } | null = null) =>
    nonces.withNextNonce(
      key(origin),
      count,
      async (nonce, commit) => {
        state.sent.push({ origin, nonce });
        commit();
        // The node now counts it (a replacement takes no new nonce).
        state.pending = Math.max(state.pending, nonce + 1);
        return nonce;
      },
      siteNonce,
    );
  const check = (origin: string, nonce: number) => nonces.checkSiteNonce(key(origin), count, nonce);
  return { state, send, check };
}

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected a refusal');
    },
    (error: ProviderRpcError) => error,
  );

describe('a nonce set by the site', () => {
  it('the next nonce is taken as it is', async () => {
    const w = world();
    expect(await w.check(SHOP, 5)).toBe(false);
    expect(await w.send(SHOP, { nonce: 5, replaces: false })).toBe(5);
  });

  it("attack: a nonce ahead of the account's next is refused before the window and at sending; Encore's next stays right", async () => {
    const w = world();
    const before = await failure(w.check(HOSTILE, 9));
    expect(before.code).toBe(-32602);
    expect(before.message).toBe(
      "Invalid params for eth_sendTransaction: nonce 9 is ahead of the account's next nonce 5; Encore does not leave a gap. Leave the nonce out and Encore takes the next one.",
    );
    expect(before.data).toEqual({ param: 'nonce' });
    expect((await failure(w.send(HOSTILE, { nonce: 9, replaces: false }))).code).toBe(-32602);
    expect(w.state.sent).toEqual([]);
    expect(await w.send(SHOP)).toBe(5);
  });

  it("attack: a site cannot replace or cancel another site's pending transaction", async () => {
    const w = world();
    expect(await w.send(SHOP)).toBe(5);
    const error = await failure(w.check(HOSTILE, 5));
    expect(error.code).toBe(-32602);
    expect(error.message).toContain(
      'nonce 5 belongs to a transaction this site did not send through Encore',
    );
    // Even claiming the window said so: the check at sending is the same.
    for (const replaces of [false, true]) {
      expect((await failure(w.send(HOSTILE, { nonce: 5, replaces }))).code).toBe(-32602);
    }
    expect(w.state.sent).toEqual([{ origin: SHOP, nonce: 5 }]);
  });

  it('attack: a pending nonce Encore did not send (another wallet) is not replaced', async () => {
    const w = world();
    w.state.pending = 8;
    expect((await failure(w.check(SHOP, 6))).code).toBe(-32602);
    expect((await failure(w.send(SHOP, { nonce: 6, replaces: true }))).code).toBe(-32602);
    expect(w.state.sent).toEqual([]);
  });

  it("a site replaces its own pending transaction when the window said so; Encore's next nonce stays right", async () => {
    const w = world();
    expect(await w.send(SHOP)).toBe(5);
    expect(await w.send(SHOP)).toBe(6);
    expect(await w.check(SHOP, 5)).toBe(true);
    expect(await w.send(SHOP, { nonce: 5, replaces: true })).toBe(5);
    // Not shown as a replacement (two requests raced): refused at sending.
    const unannounced = await failure(w.send(SHOP, { nonce: 6, replaces: false }));
    expect(unannounced.message).toContain('which the approval did not show');
    expect(await w.send(HOSTILE)).toBe(7);
  });
});

describe('what the nonces remember, across a worker restart', () => {
  beforeEach(() => fakeBrowser.reset());

  /** A worker started over storage.session, sending through a node whose count the test sets. */
  function worker(state: { pending: number; sent: { origin: string; nonce: number }[] }) {
    const nonces = createNonceReservations(Date.now, sessionNonceMemory());
    const count = async () => state.pending;
    return {
      send: (origin: string, siteNonce: { nonce: number; replaces: boolean } | null = null) =>
        nonces.withNextNonce(
          key(origin),
          count,
          async (nonce, commit) => {
            state.sent.push({ origin, nonce });
            commit();
            return nonce;
          },
          siteNonce,
        ),
      check: (origin: string, nonce: number) => nonces.checkSiteNonce(key(origin), count, nonce),
    };
  }

  it('attack: the worker stopped after a send, and a node that counts it late, never gives the next transaction the same nonce', async () => {
    // The node never counts what it accepts (a lagging backend, or a hostile one).
    const state = { pending: 5, sent: [] as { origin: string; nonce: number }[] };
    expect(await worker(state).send(SHOP)).toBe(5);
    // The browser stops the worker; a new one starts over the same storage.session.
    const restarted = worker(state);
    expect(await restarted.send(HOSTILE)).toBe(6);
    expect(state.sent.map((sent) => sent.nonce)).toEqual([5, 6]);
  });

  it('after a restart, a site still replaces only its own pending transaction', async () => {
    const state = { pending: 5, sent: [] as { origin: string; nonce: number }[] };
    await worker(state).send(SHOP);
    state.pending = 6;
    const restarted = worker(state);
    expect((await failure(restarted.check(HOSTILE, 5))).code).toBe(-32602);
    expect(await restarted.check(SHOP, 5)).toBe(true);
  });

  it('a damaged record remembers nothing: no nonce trusted over the node, no replacement allowed', async () => {
    await browser.storage.session.set({
      [`encore:nonces:1:${ACCOUNT.toLowerCase()}`]: {
        lastSent: { nonce: 'x' },
        senders: [[5, SHOP]],
      },
    });
    const state = { pending: 5, sent: [] as { origin: string; nonce: number }[] };
    const w = worker(state);
    expect((await failure(w.check(SHOP, 4))).code).toBe(-32602);
    expect(await w.send(SHOP)).toBe(5);
  });
});
