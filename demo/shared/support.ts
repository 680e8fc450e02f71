// "Support the artist: 0.001 ETH a month": the spend permission the demo page asks the wallet for
// and the only one the demo server accepts and redeems. One definition for both ends.

/** 0.001 ETH, in wei: what the site takes each period. */
export const SUPPORT_AMOUNT_WEI = 10n ** 15n;
/** A period: 30 days, in seconds. */
export const SUPPORT_PERIOD_SECONDS = 30 * 86_400;
/** How long the permission lasts: a year after it starts. */
export const SUPPORT_LIFETIME_SECONDS = 365 * 86_400;
/** What the wallet shows as the site's reason. */
export const SUPPORT_JUSTIFICATION = 'Support the artist: 0.001 ETH a month';

/** What `GET /api/support/offer` answers: who redeems, where, and the chain's own time. */
export interface SupportOffer {
  /** The site's session account: the permission's delegate, the only address that can redeem. */
  readonly redeemer: string;
  readonly chainId: number;
  readonly delegationManager: string;
  /** The latest block's time (unix seconds): the permission starts then, not at the page's clock. */
  readonly chainTime: number;
}

/** What the server answers about one listener's grant (`GET /api/support/:listener`, …). */
export interface SupportState {
  readonly listener: string;
  readonly artist: string;
  readonly trackId: string;
  /** Decimal wei. */
  readonly amountWei: string;
  readonly periodSeconds: number;
  readonly startTime: number;
  readonly expiry: number;
  /** The chain's time when this was read. */
  readonly chainTime: number;
  /** The listener revoked the permission on chain. */
  readonly revoked: boolean;
  readonly expired: boolean;
  /** Whether this period's amount is still to be taken. */
  readonly due: boolean;
  /** When the next charge can be made (unix seconds): now when due, else the next period's start. */
  readonly nextChargeAt: number | null;
  /** The charges this server made, oldest first. */
  readonly charges: readonly { readonly txHash: string; readonly time: number }[];
}

/**
 * The ERC-7715 request the page sends (`wallet_requestExecutionPermissions`), in the exact shape
 * MetaMask's Smart Accounts Kit sends it (`erc7715ProviderActions().requestExecutionPermissions`).
 */
export function supportPermissionRequest(offer: SupportOffer, listener: string) {
  return {
    chainId: `0x${offer.chainId.toString(16)}`,
    from: listener,
    to: offer.redeemer,
    permission: {
      type: 'native-token-periodic',
      isAdjustmentAllowed: false,
      data: {
        periodAmount: `0x${SUPPORT_AMOUNT_WEI.toString(16)}`,
        periodDuration: SUPPORT_PERIOD_SECONDS,
        startTime: offer.chainTime,
        justification: SUPPORT_JUSTIFICATION,
      },
    },
    rules: [{ type: 'expiry', data: { timestamp: offer.chainTime + SUPPORT_LIFETIME_SECONDS } }],
  };
}
