// Reads a granted ERC-7710 permission context (what the wallet answered the page) into the terms
// the server will redeem, and refuses any permission but the one the site offered: one delegation
// from the listener to this server's session account, root authority, the Delegation Framework's
// native-token period cap at 0.001 ETH every 30 days, and an expiry.
import { AbiCoder, getAddress } from 'ethers';
import {
  SUPPORT_AMOUNT_WEI,
  SUPPORT_LIFETIME_SECONDS,
  SUPPORT_PERIOD_SECONDS,
} from '../../shared/support.ts';
import type { SupportConfig } from './config.ts';
import { SupportError } from './errors.ts';

const ROOT_AUTHORITY = `0x${'f'.repeat(64)}`;
const DELEGATIONS =
  'tuple(address delegate, address delegator, bytes32 authority, tuple(address enforcer, bytes terms, bytes args)[] caveats, uint256 salt, bytes signature)[]';

/** One delegation as the DelegationManager's ABI takes it. */
export interface DelegationStruct {
  readonly delegate: string;
  readonly delegator: string;
  readonly authority: string;
  readonly caveats: readonly { enforcer: string; terms: string; args: string }[];
  readonly salt: bigint;
  readonly signature: string;
}

export interface GrantTerms {
  readonly delegation: DelegationStruct;
  /** The native-token period caveat's terms, as its enforcer reads them. */
  readonly periodTerms: string;
  readonly amountWei: bigint;
  readonly periodSeconds: number;
  readonly startTime: number;
  /** The delegation is valid until this time (unix seconds, exclusive). */
  readonly expiry: number;
}

function notOffered(what: string): SupportError {
  return new SupportError(
    'SUPPORT_NOT_OFFERED',
    `this is not the permission the site asked for: ${what}`,
  );
}

function decodeDelegations(context: string): DelegationStruct[] {
  try {
    const [list] = AbiCoder.defaultAbiCoder().decode([DELEGATIONS], context);
    return (list as unknown[]).map((raw) => {
      const d = raw as unknown as [
        string,
        string,
        string,
        [string, string, string][],
        bigint,
        string,
      ];
      return {
        delegate: getAddress(d[0]),
        delegator: getAddress(d[1]),
        authority: d[2],
        caveats: d[3].map(([enforcer, terms, args]) => ({
          enforcer: getAddress(enforcer),
          terms,
          args,
        })),
        salt: d[4],
        signature: d[5],
      };
    });
  } catch {
    throw new SupportError('SUPPORT_BAD_REQUEST', 'context: not an ERC-7710 permission context');
  }
}

const word = (hex: string, index: number): bigint =>
  BigInt(`0x${hex.slice(2 + index * 64, 2 + (index + 1) * 64)}`);

/** The terms of `context`, checked against the site's offer; throws SupportError otherwise. */
export function readGrantTerms(
  context: string,
  expected: { listener: string; redeemer: string; config: SupportConfig; now: number },
): GrantTerms {
  const delegations = decodeDelegations(context);
  const [delegation] = delegations;
  if (!delegation || delegations.length !== 1) throw notOffered('not one delegation');
  if (delegation.delegator !== getAddress(expected.listener)) {
    throw notOffered('it is not from the listener');
  }
  if (delegation.delegate !== getAddress(expected.redeemer)) {
    throw notOffered("it is not to the site's session account");
  }
  if (delegation.authority.toLowerCase() !== ROOT_AUTHORITY) {
    throw notOffered('it is a redelegation');
  }
  const of = (enforcer: string) =>
    delegation.caveats.filter((c) => c.enforcer === getAddress(enforcer));
  const [period, ...morePeriods] = of(expected.config.nativeTokenPeriodTransferEnforcer);
  // periodAmount | periodDuration | startDate, 32 bytes each.
  if (!period || morePeriods.length > 0 || period.terms.length !== 2 + 3 * 64) {
    throw notOffered('no native-token period cap');
  }
  const amountWei = word(period.terms, 0);
  const periodSeconds = word(period.terms, 1);
  const startTime = word(period.terms, 2);
  if (amountWei !== SUPPORT_AMOUNT_WEI) throw notOffered('another amount per period');
  if (periodSeconds !== BigInt(SUPPORT_PERIOD_SECONDS)) throw notOffered('another period');
  const [timestamp, ...moreTimestamps] = of(expected.config.timestampEnforcer);
  // afterThreshold (uint128) | beforeThreshold (uint128).
  if (!timestamp || moreTimestamps.length > 0 || timestamp.terms.length !== 2 + 64) {
    throw notOffered('no expiry');
  }
  const expiry = BigInt(`0x${timestamp.terms.slice(34)}`);
  if (expiry <= BigInt(expected.now) || expiry > startTime + BigInt(SUPPORT_LIFETIME_SECONDS)) {
    throw notOffered('another end date');
  }
  return {
    delegation,
    periodTerms: period.terms,
    amountWei,
    periodSeconds: Number(periodSeconds),
    startTime: Number(startTime),
    expiry: Number(expiry),
  };
}
