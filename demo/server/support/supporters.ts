// The demo's reference backend for "Support the artist": it keeps each listener's granted
// permission (in memory: the demo server is one process), says where it stands, and charges the
// period's 0.001 ETH with the site's session account, paying the artist of the track the listener
// chose (from the site's own table, never an address the page sends). A refusal by the chain is
// answered in plain words: the period's amount already taken, the permission revoked or ended.
import { getAddress } from 'ethers';
import { DEMO_TRACKS } from '../../shared/favorite.ts';
import type { SupportOffer, SupportState } from '../../shared/support.ts';
import type { SupportConfig } from './config.ts';
import { SupportError } from './errors.ts';
import { type GrantTerms, readGrantTerms } from './grant-terms.ts';
import type { SupportChain } from './support-chain.ts';

interface Supporter {
  readonly listener: string;
  readonly trackId: string;
  readonly artist: string;
  readonly context: string;
  readonly terms: GrantTerms;
  readonly hash: string;
  readonly charges: { txHash: string; time: number }[];
}

export interface Supporters {
  offer(): Promise<SupportOffer>;
  /** Checks and keeps a granted permission (replacing the listener's earlier one). */
  grant(input: {
    listener: string;
    trackId: string;
    context: string;
    delegationManager: string;
  }): Promise<SupportState>;
  state(listener: string): Promise<SupportState>;
  /** Takes this period's amount now. */
  charge(listener: string): Promise<{ txHash: string; state: SupportState }>;
}

const day = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10);

export function createSupporters(config: SupportConfig, chain: SupportChain): Supporters {
  const kept = new Map<string, Supporter>();
  // One redemption at a time: the session account's transactions take consecutive nonces.
  let queue: Promise<unknown> = Promise.resolve();

  function find(listener: string): Supporter {
    const supporter = kept.get(getAddress(listener));
    if (!supporter) {
      throw new SupportError(
        'SUPPORT_NO_GRANT',
        'this listener has not granted this site a permission',
      );
    }
    return supporter;
  }

  async function stateOf(s: Supporter): Promise<SupportState> {
    const { terms } = s;
    const [chainTime, revoked, available] = await Promise.all([
      chain.chainTime(),
      chain.isRevoked(s.hash),
      chain.available(s.hash, terms.periodTerms),
    ]);
    const expired = chainTime >= terms.expiry;
    const started = chainTime >= terms.startTime;
    const due = !revoked && !expired && started && available >= terms.amountWei;
    let nextChargeAt: number | null;
    if (revoked || expired) nextChargeAt = null;
    else if (!started) nextChargeAt = terms.startTime;
    else if (due) nextChargeAt = chainTime;
    else {
      const elapsed = Math.floor((chainTime - terms.startTime) / terms.periodSeconds);
      const next = terms.startTime + (elapsed + 1) * terms.periodSeconds;
      nextChargeAt = next < terms.expiry ? next : null;
    }
    return {
      listener: s.listener,
      artist: s.artist,
      trackId: s.trackId,
      amountWei: terms.amountWei.toString(),
      periodSeconds: terms.periodSeconds,
      startTime: terms.startTime,
      expiry: terms.expiry,
      chainTime,
      revoked,
      expired,
      due,
      nextChargeAt,
      charges: [...s.charges],
    };
  }

  async function chargeNow(s: Supporter): Promise<{ txHash: string; state: SupportState }> {
    const refusal = await chain.refusal(s.context, s.artist, s.terms.amountWei);
    if (refusal) {
      const state = await stateOf(s);
      if (refusal === 'CannotUseADisabledDelegation') {
        throw new SupportError(
          'SUPPORT_REVOKED',
          'the listener revoked this permission: nothing can be charged',
        );
      }
      if (refusal.endsWith(':transfer-amount-exceeded')) {
        const next = state.nextChargeAt
          ? `; the next charge can be made on ${day(state.nextChargeAt)}`
          : '';
        throw new SupportError(
          'SUPPORT_PERIOD_SPENT',
          `this period's 0.001 ETH has already been charged${next}`,
        );
      }
      if (refusal === 'TimestampEnforcer:expired-delegation') {
        throw new SupportError(
          'SUPPORT_EXPIRED',
          `this permission ended on ${day(s.terms.expiry)}`,
        );
      }
      if (refusal.endsWith(':transfer-not-started')) {
        throw new SupportError(
          'SUPPORT_NOT_STARTED',
          `this permission starts on ${day(s.terms.startTime)}`,
        );
      }
      throw new SupportError(
        'SUPPORT_REFUSED_ON_CHAIN',
        `the chain refused the charge: ${refusal}`,
      );
    }
    const redemption = await chain.redeem(s.context, s.artist, s.terms.amountWei);
    if (!redemption.success) {
      throw new SupportError(
        'SUPPORT_REFUSED_ON_CHAIN',
        `the charge reverted on chain (${redemption.txHash})`,
      );
    }
    s.charges.push({ txHash: redemption.txHash, time: redemption.time });
    return { txHash: redemption.txHash, state: await stateOf(s) };
  }

  return {
    async offer() {
      return {
        redeemer: chain.redeemer,
        chainId: chain.chainId,
        delegationManager: getAddress(config.delegationManager),
        chainTime: await chain.chainTime(),
      };
    },
    async grant(input) {
      if (getAddress(input.delegationManager) !== getAddress(config.delegationManager)) {
        throw new SupportError(
          'SUPPORT_NOT_OFFERED',
          'this is not the permission the site asked for: another delegation manager',
        );
      }
      const track = DEMO_TRACKS.find((t) => t.id === input.trackId);
      if (!track)
        throw new SupportError('SUPPORT_BAD_REQUEST', `trackId: no track ${input.trackId}`);
      const listener = getAddress(input.listener);
      const terms = readGrantTerms(input.context, {
        listener,
        redeemer: chain.redeemer,
        config,
        now: await chain.chainTime(),
      });
      if (!(await chain.isAccount(listener))) {
        throw new SupportError(
          'SUPPORT_INVALID_GRANT',
          'this address is not a smart account yet, so nothing can be redeemed from it: make one sponsored call (a favorite) first, which installs it',
        );
      }
      // The chain's own answer: a redemption of nothing checks the listener's signature, that the
      // permission is alive, and every caveat but the amount.
      const refusal = await chain.refusal(input.context, track.artistWallet, 0n);
      if (refusal && !refusal.endsWith(':transfer-not-started')) {
        throw new SupportError(
          'SUPPORT_INVALID_GRANT',
          `the chain would not redeem this permission: ${refusal}`,
        );
      }
      const supporter: Supporter = {
        listener,
        trackId: track.id,
        artist: getAddress(track.artistWallet),
        context: input.context,
        terms,
        hash: await chain.delegationHash(terms.delegation),
        charges: [],
      };
      kept.set(listener, supporter);
      return stateOf(supporter);
    },
    state: async (listener) => stateOf(find(listener)),
    charge(listener) {
      const supporter = find(listener);
      const run = queue.then(() => chargeNow(supporter));
      queue = run.catch(() => undefined);
      return run;
    },
  };
}
