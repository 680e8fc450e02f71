// While a move is being checked and sent, nothing else leaves the account and the chain stays
// put: a site's transaction, batch or sponsored batch approved meanwhile would spend what the
// move counted on (its batch would revert, or its transactions in order stop half-way), and a
// chain switch would send the rest elsewhere. The gate holds one move at a time per account; the
// send path sites reach is wrapped so that it refuses (4001) while one is held, and so is the
// chain setting sites can change. A send that started before the move is waited for, so the move
// checks the balance it leaves. The move itself uses the unwrapped send path.

import type { TransactionService } from '../transactions/index.ts';
import { MoveInProgressError, MoveRefusedError } from './errors.ts';

export interface MoveGate {
  /** Runs `move` with the account held; refuses if another move of it is running. */
  hold<T>(account: string, move: () => Promise<T>): Promise<T>;
  /** Whether a move of `account` (any account, without one) is running. */
  moving(account?: string): boolean;
  /** `transactions` refusing every send from an account being moved. */
  guard(transactions: TransactionService): TransactionService;
}

export function createMoveGate(): MoveGate {
  const held = new Set<string>();
  /** Sends under way per account, which a move waits for before it checks the balance. */
  const sending = new Map<string, Set<Promise<unknown>>>();
  const key = (account: string) => account.toLowerCase();
  function tracked<T>(account: string, send: () => Promise<T>): Promise<T> {
    if (held.has(key(account))) return Promise.reject(new MoveInProgressError());
    const running = send();
    const set = sending.get(key(account)) ?? new Set();
    sending.set(key(account), set);
    set.add(running);
    const done = () => {
      set.delete(running);
      if (set.size === 0) sending.delete(key(account));
    };
    running.then(done, done);
    return running;
  }
  return {
    async hold(account, move) {
      if (held.has(key(account))) {
        throw new MoveRefusedError(
          'A move of this wallet is already under way (in another window?): wait for it to finish.',
        );
      }
      held.add(key(account));
      try {
        await Promise.allSettled([...(sending.get(key(account)) ?? [])]);
        return await move();
      } finally {
        held.delete(key(account));
      }
    },
    moving: (account) => (account ? held.has(key(account)) : held.size > 0),
    guard: (transactions) => ({
      prepare: (origin, request, account) => transactions.prepare(origin, request, account),
      spending: (account, cost) => transactions.spending(account, cost),
      send: (origin, approval, signer, passwordConfirmed) =>
        tracked(signer.address, () =>
          transactions.send(origin, approval, signer, passwordConfirmed),
        ),
      sendReviewed: (origin, reviewed, signer, passwordConfirmed) =>
        tracked(signer.address, () =>
          transactions.sendReviewed(origin, reviewed, signer, passwordConfirmed),
        ),
      spendChecked: (account, chainId, cost, passwordConfirmed, send) =>
        tracked(account, () =>
          transactions.spendChecked(account, chainId, cost, passwordConfirmed, send),
        ),
    }),
  };
}
