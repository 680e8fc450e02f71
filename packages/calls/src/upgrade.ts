// The one-time "upgrade": an EIP-7702 authorization that makes the listener's address run
// Encore's delegate. Encore builds it only from the pinned table (no parameter takes an address),
// only after the chain shows the pinned code at that address, always for one chain id (never 0,
// which would make it valid on every chain), and signs it only with the account's own key.

import { type ChainRpc, readTransactionCount } from '@encore-wallet/utils/chain-rpc';
import { type Authorization, type BaseWallet, Signature, verifyAuthorization } from 'ethers';
import { checkDelegateCode } from './delegate-code.ts';
import { type DelegateTable, pinnedDelegate } from './delegates.ts';
import { readDelegation } from './delegation-state.ts';
import { DelegateNotPinnedError, WrongSignerError } from './errors.ts';
import { type Address, type Hex, toQuantity } from './schemas.ts';

/** What the approval window shows as the upgrade, and what `signUpgrade` signs. */
export interface Upgrade {
  readonly chainId: number;
  readonly account: Address;
  /** Always the pinned delegate of `chainId`. */
  readonly delegate: Address;
  /** The account's transaction nonce the authorization is valid for (once). */
  readonly nonce: number;
  /** The contract the account runs now and the upgrade replaces, or null for none. */
  readonly replaces: Address | null;
}

/** An EIP-7702 authorization as JSON-RPC carries it (ERC-7769's `eip7702Auth`). */
export interface SignedAuthorization {
  readonly chainId: Hex;
  readonly address: Address;
  readonly nonce: Hex;
  readonly yParity: Hex;
  readonly r: Hex;
  readonly s: Hex;
}

export interface PrepareUpgradeOptions {
  readonly rpc: ChainRpc;
  readonly table: DelegateTable;
  readonly chainId: number;
  readonly account: Address;
  /**
   * Who sends the transaction that carries the authorization: a sponsor (the account's nonce as
   * it is) or the account itself, whose own nonce is spent before the authorization is applied.
   */
  readonly sentBy: 'sponsor' | 'account';
}

/**
 * The upgrade `account` needs on `chainId` before a sponsored or atomic batch, or null when it
 * already runs Encore's delegate. Throws NoPinnedDelegateError (no delegate for the chain),
 * DelegateCodeMismatchError (the chain holds other code there) or AccountNotDelegatableError.
 */
export async function prepareUpgrade(options: PrepareUpgradeOptions): Promise<Upgrade | null> {
  const { rpc, chainId, account } = options;
  const pinned = pinnedDelegate(options.table, chainId);
  const state = await readDelegation(rpc, account, pinned);
  if (state.kind === 'encore') return null;
  await checkDelegateCode(rpc, pinned);
  const nonce = (await readTransactionCount(rpc, account)) + (options.sentBy === 'account' ? 1 : 0);
  return {
    chainId,
    account,
    delegate: pinned.address,
    nonce,
    replaces: state.kind === 'other' ? state.delegate : null,
  };
}

/** The signing side of an ethers wallet that sponsored calls use. */
export type CallsSigner = Pick<
  BaseWallet,
  'address' | 'authorizeSync' | 'signTypedData' | 'signTransaction'
>;

/**
 * Signs the upgrade with the account's key. The delegate is checked against the table again here,
 * so an upgrade object that reached this point any other way than `prepareUpgrade` still cannot
 * name another address or chain.
 */
export function signUpgrade(
  signer: CallsSigner,
  table: DelegateTable,
  upgrade: Upgrade,
): SignedAuthorization {
  const pinned = pinnedDelegate(table, upgrade.chainId);
  if (upgrade.delegate !== pinned.address) {
    throw new DelegateNotPinnedError(upgrade.chainId, upgrade.delegate);
  }
  if (signer.address !== upgrade.account)
    throw new WrongSignerError(upgrade.account, signer.address);
  const signed = signer.authorizeSync({
    address: pinned.address,
    nonce: upgrade.nonce,
    chainId: pinned.chainId,
  });
  return {
    chainId: toQuantity(signed.chainId),
    address: pinned.address,
    nonce: toQuantity(signed.nonce),
    yParity: toQuantity(signed.signature.yParity),
    r: signed.signature.r as Hex,
    s: signed.signature.s as Hex,
  };
}

/** The authorization as ethers signs a type-4 transaction with it. */
export function toEthersAuthorization(signed: SignedAuthorization): Authorization {
  return {
    address: signed.address,
    nonce: BigInt(signed.nonce),
    chainId: BigInt(signed.chainId),
    signature: Signature.from({
      r: signed.r,
      s: signed.s,
      yParity: Number(signed.yParity) as 0 | 1,
    }),
  };
}

/** The address whose key signed the authorization, or null when it recovers to none. */
export function authorizationSigner(signed: SignedAuthorization): string | null {
  try {
    const { signature, ...request } = toEthersAuthorization(signed);
    return verifyAuthorization(request, signature);
  } catch {
    return null;
  }
}
