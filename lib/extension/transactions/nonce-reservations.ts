// Nonces for transactions sent close together. Each (chain, account) sends one transaction at a
// time: the next nonce is the node's pending count, or one past the last nonce this worker sent
// if that is higher (a node behind a load balancer may not count a transaction it accepted a
// moment ago). A nonce counts as used only once the node accepts the transaction, so one that
// never reaches the chain leaves no gap for the next.

/** How long the worker trusts its own last nonce over the node's count. */
const TRUST_OWN_NONCE_MS = 5 * 60 * 1000;

export interface NonceReservations {
  /** Runs `send` alone for its (chain, account), with the nonce to use. */
  withNextNonce<T>(
    key: { chainId: number; account: string },
    pendingCount: () => Promise<number>,
    send: (nonce: number, commit: () => void) => Promise<T>,
    siteNonce?: number | null,
  ): Promise<T>;
}

export function createNonceReservations(now: () => number = Date.now): NonceReservations {
  const tails = new Map<string, Promise<unknown>>();
  const lastSent = new Map<string, { nonce: number; at: number }>();

  return {
    withNextNonce(key, pendingCount, send, siteNonce = null) {
      const id = `${key.chainId}:${key.account.toLowerCase()}`;
      const previous = tails.get(id) ?? Promise.resolve();
      const run = previous.then(async () => {
        let nonce: number;
        if (siteNonce !== null) nonce = siteNonce;
        else {
          const counted = await pendingCount();
          const own = lastSent.get(id);
          const trusted = own && now() - own.at < TRUST_OWN_NONCE_MS ? own.nonce + 1 : 0;
          nonce = Math.max(counted, trusted);
        }
        return send(nonce, () => {
          const own = lastSent.get(id);
          if (!own || nonce >= own.nonce) lastSent.set(id, { nonce, at: now() });
        });
      });
      const tail = run.catch(() => undefined);
      tails.set(id, tail);
      void tail.then(() => {
        if (tails.get(id) === tail) tails.delete(id);
      });
      return run;
    },
  };
}
