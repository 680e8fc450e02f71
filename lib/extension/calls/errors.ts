// What a site hears from the EIP-5792 methods when Encore will not do what it asks: the codes the
// EIP defines (57xx), and EIP-1474's -32003 for a sponsor that refused. Each extends the page's
// ProviderRpcError, so the pipeline passes it through unchanged.

import { ProviderRpcError } from '../protocol/index.ts';

/** 5700: a capability Encore does not support, not marked optional. */
export class UnsupportedCapabilityError extends ProviderRpcError {
  constructor(name: string) {
    super(
      5700,
      `Encore does not support the capability "${name}" (mark it optional to go on without it).`,
    );
  }
}

/** 5710: calls for another chain than the one Encore is on. */
export class UnsupportedChainIdError extends ProviderRpcError {
  constructor(requested: string, current: number) {
    super(
      5710,
      `The calls are for chain ${requested}, but Encore is on chain 0x${current.toString(16)}: switch chains first.`,
    );
  }
}

/** 5720: the site already used this batch id. */
export class DuplicateCallsIdError extends ProviderRpcError {
  constructor(id: string) {
    super(5720, `This site already sent a batch with the id ${id}.`);
  }
}

/** 5730: no batch with this id from this site. */
export class UnknownCallsIdError extends ProviderRpcError {
  constructor(id: string) {
    super(5730, `This site sent no batch with the id ${id}.`);
  }
}

/** 5740: more calls (or more calldata) than one batch may hold. */
export class BatchTooLargeError extends ProviderRpcError {
  constructor(why: string) {
    super(5740, `The batch is too large: ${why}.`);
  }
}

/** 5760: atomicity was required, and Encore cannot run these calls atomically on this chain. */
export class AtomicityNotSupportedError extends ProviderRpcError {
  constructor(why: string) {
    super(5760, `Encore cannot run these calls atomically: ${why}.`);
  }
}

/**
 * -32003 (EIP-1474 "transaction rejected"): the site's sponsor did not take the batch. One fixed
 * answer, whatever the sponsor said or did (a refusal, an HTTP status, a timeout, silence): the
 * site learns nothing about what answers at the URL it named.
 */
export class SponsorDeclinedError extends ProviderRpcError {
  /** The sponsor's own words and when it said to ask again: for the person, never the site. */
  readonly #sponsorSays: { says: string; retryAfterSeconds: number | null } | null;
  constructor(sponsorSays: { says: string; retryAfterSeconds: number | null } | null = null) {
    super(-32003, 'The sponsor did not accept the batch.');
    this.#sponsorSays = sponsorSays;
  }

  get sponsorSays(): { says: string; retryAfterSeconds: number | null } | null {
    return this.#sponsorSays;
  }
}

/** -32602: a parameter of an EIP-5792 method is malformed; the message names it. */
export class InvalidCallsParamsError extends ProviderRpcError {
  constructor(method: string, param: string, problem: string) {
    super(-32602, `Invalid params for ${method}: ${param} ${problem}`, { param });
  }
}

/**
 * -32003 (EIP-1474 "transaction rejected") for a batch paid through a site's ERC-7677 paymaster
 * and the chain's bundler that did not go through: one sentence per reason, `data.reason` its
 * stable code; the paymaster's and bundler's own words stay in the worker's console. Nothing
 * was signed that would take the fee from the listener's balance.
 */
export class PaymasterBatchRejectedError extends ProviderRpcError {
  constructor(reason: string, sentence: string) {
    super(-32003, sentence, { reason });
  }
}
