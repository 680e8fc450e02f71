// Every refusal of the demo's "Support the artist" routes, with a stable code and the HTTP status
// it answers with. The page shows the message; scripts act on the code.
import { EncoreError, type EncoreErrorOptions } from '@encore-wallet/utils/errors';

const STATUS = {
  /** No session account or framework configured: the site offers no subscription. */
  SUPPORT_NOT_CONFIGURED: 503,
  /** The body is not what the route takes. */
  SUPPORT_BAD_REQUEST: 400,
  /** The permission is not the one the site offered (amount, period, redeemer, manager, track). */
  SUPPORT_NOT_OFFERED: 400,
  /** The chain would not redeem it at all (a forged signature, another chain, …). */
  SUPPORT_INVALID_GRANT: 400,
  /** This listener granted nothing to this server. */
  SUPPORT_NO_GRANT: 404,
  /** This period's amount has been taken already. */
  SUPPORT_PERIOD_SPENT: 409,
  /** The listener revoked the permission on chain. */
  SUPPORT_REVOKED: 410,
  /** The permission's end date has passed. */
  SUPPORT_EXPIRED: 410,
  /** The permission's start date has not come yet. */
  SUPPORT_NOT_STARTED: 409,
  /** The chain refused the redemption for another reason (the listener's balance, …). */
  SUPPORT_REFUSED_ON_CHAIN: 409,
} as const;

export type SupportErrorCode = keyof typeof STATUS;

export class SupportError extends EncoreError<SupportErrorCode> {
  static override readonly code: string = 'SUPPORT';
  override readonly name = 'SupportError';
  readonly #code: SupportErrorCode;

  constructor(code: SupportErrorCode, message: string, options: EncoreErrorOptions = {}) {
    super(message, options);
    this.#code = code;
  }

  override get code(): SupportErrorCode {
    return this.#code;
  }

  get status(): (typeof STATUS)[SupportErrorCode] {
    return STATUS[this.#code];
  }
}
