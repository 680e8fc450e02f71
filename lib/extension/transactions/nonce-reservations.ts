// Nonces for transactions sent close together. Each (chain, account) sends one transaction at a
// time: the next nonce is the node's pending count, or one past the last nonce this worker sent
// if that is higher (a node behind a load balancer may not count a transaction it accepted a
// moment ago). A nonce counts as used only once the node accepts the transaction, so one that
// never reaches the chain leaves no gap for the next.
//
// A nonce the site sets is held to the same next nonce:
// - ahead of it is a gap: refused (the transaction would wait in the node's pool and run later,
//   against another state than the one simulated, and Encore's own next ones would queue behind);
// - below it is a replacement of a pending transaction (or a spent nonce): allowed only for the
//   site that sent that transaction through Encore, while the worker remembers it, and only when
//   the window said "replaces your pending transaction N". Another site's, or one Encore does not
//   know the sender of, is refused: no site cancels or replaces another's.
//
// Both the last nonce sent and the sending sites are kept in a NonceMemory (storage.session in
// the worker: nonce-memory.ts), read once per (chain, account) and written before `send` returns,
// so a worker that restarts knows them still.

import { NonceGapError, NonceTakenError } from './errors.ts';
import { type NonceMemory, workerNonceMemory } from './nonce-memory.ts';

/** How long the worker trusts its own last nonce over the node's count. */
const TRUST_OWN_NONCE_MS = 5 * 60 * 1000;
/** Nonces per (chain, account) whose sending site the worker remembers (the latest ones). */
const REMEMBERED_SENDERS = 64;

export interface NonceKey {
  chainId: number;
  account: string;
}

/** A nonce the site set: whose request it is, and whether the window said it replaces one. */
export interface SiteNonce {
  nonce: number;
  /** The window said "replaces your pending transaction `nonce`". */
  replaces: boolean;
}

export interface NonceReservations {
  /**
   * Runs `send` alone for its (chain, account), with the nonce to use; `origin` is the site the
   * transaction is sent for. A site's nonce is checked as the file's comment says.
   */
  withNextNonce<T>(
    key: NonceKey & { origin: string },
    pendingCount: () => Promise<number>,
    send: (nonce: number, commit: () => void) => Promise<T>,
    siteNonce?: SiteNonce | null,
  ): Promise<T>;
  /**
   * Before the window: whether `nonce` from `origin` replaces that site's own pending
   * transaction (true) or is the next nonce (false); throws NonceGapError or NonceTakenError.
   */
  checkSiteNonce(
    key: NonceKey & { origin: string },
    pendingCount: () => Promise<number>,
    nonce: number,
  ): Promise<boolean>;
}

export function createNonceReservations(
  now: () => number = Date.now,
  memory: NonceMemory = workerNonceMemory(),
): NonceReservations {
  const tails = new Map<string, Promise<unknown>>();
  const lastSent = new Map<string, { nonce: number; at: number }>();
  const senders = new Map<string, Map<number, string>>();
  const loaded = new Map<string, Promise<void>>();

  const idOf = (key: NonceKey) => `${key.chainId}:${key.account.toLowerCase()}`;

  /** Reads what an earlier worker remembered of `id`, once; a failed read remembers nothing. */
  function load(id: string): Promise<void> {
    let done = loaded.get(id);
    if (!done) {
      done = memory.load(id).then(
        (remembered) => {
          if (!remembered) return;
          if (remembered.lastSent && !lastSent.has(id)) lastSent.set(id, remembered.lastSent);
          if (!senders.has(id)) senders.set(id, new Map(remembered.senders));
        },
        () => undefined,
      );
      loaded.set(id, done);
    }
    return done;
  }

  function save(id: string): Promise<void> {
    return memory
      .save(id, {
        lastSent: lastSent.get(id) ?? null,
        senders: [...(senders.get(id) ?? new Map<number, string>())],
      })
      .catch(() => undefined);
  }

  async function nextNonce(id: string, pendingCount: () => Promise<number>): Promise<number> {
    await load(id);
    const counted = await pendingCount();
    const own = lastSent.get(id);
    const trusted = own && now() - own.at < TRUST_OWN_NONCE_MS ? own.nonce + 1 : 0;
    return Math.max(counted, trusted);
  }

  /** Whether `nonce` replaces `origin`'s own transaction (true) or is the next one (false). */
  function judge(id: string, origin: string, nonce: number, next: number): boolean {
    if (nonce > next) throw new NonceGapError(nonce, next);
    if (nonce === next) return false;
    if (senders.get(id)?.get(nonce) !== origin) throw new NonceTakenError(nonce);
    return true;
  }

  function remember(id: string, nonce: number, origin: string): void {
    const sent = senders.get(id) ?? new Map<number, string>();
    sent.delete(nonce);
    sent.set(nonce, origin);
    while (sent.size > REMEMBERED_SENDERS) {
      const oldest = Math.min(...sent.keys());
      sent.delete(oldest);
    }
    senders.set(id, sent);
  }

  return {
    withNextNonce(key, pendingCount, send, siteNonce = null) {
      const id = idOf(key);
      const previous = tails.get(id) ?? Promise.resolve();
      const run = previous.then(async () => {
        const next = await nextNonce(id, pendingCount);
        let nonce = next;
        if (siteNonce !== null) {
          nonce = siteNonce.nonce;
          // Checked again here: another transaction may have taken it since the window opened.
          if (judge(id, key.origin, nonce, next) && !siteNonce.replaces) {
            throw new NonceTakenError(nonce, true);
          }
        }
        let saved: Promise<void> = Promise.resolve();
        const result = await send(nonce, () => {
          const own = lastSent.get(id);
          if (!own || nonce >= own.nonce) lastSent.set(id, { nonce, at: now() });
          remember(id, nonce, key.origin);
          saved = save(id);
        });
        // Kept before the site hears of it, so a worker stopped right after still knows it.
        await saved;
        return result;
      });
      const tail = run.catch(() => undefined);
      tails.set(id, tail);
      void tail.then(() => {
        if (tails.get(id) === tail) tails.delete(id);
      });
      return run;
    },

    async checkSiteNonce(key, pendingCount, nonce) {
      const id = idOf(key);
      return judge(id, key.origin, nonce, await nextNonce(id, pendingCount));
    },
  };
}
