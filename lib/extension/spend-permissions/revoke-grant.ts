// Revoking a grant on chain: `DelegationManager.disableDelegation(delegation)`, sent from the
// listener's own address (the manager refuses anyone but the delegator), reviewed and sent as
// any of the listener's transactions (nonce, fee, Activity). It moves nothing, so the daily
// limit's password rule does not hold it back; the listener pays its gas.

import { type ChainRpc, readAnswer } from '@encore-wallet/utils/chain-rpc';
import { getAddress, Interface } from 'ethers';
import { z } from 'zod';
import { reviewTransaction, walletCall } from '../../transactions/index.ts';
import type { CurrentChain, TransactionService, TransactionSigner } from '../transactions/index.ts';
import { WALLET_ORIGIN } from '../transactions/index.ts';
import type { DelegationOnChain, GrantOnChain, Hex } from './grant-on-chain.ts';
import { RevokeFailedError } from './usage-errors.ts';

const managerAbi = /* @__PURE__ */ new Interface([
  'function disableDelegation((address delegate, address delegator, bytes32 authority, (address enforcer, bytes terms, bytes args)[] caveats, uint256 salt, bytes signature) delegation)',
]);

/** The call data of `disableDelegation` for the signed delegation. */
export function disableDelegationData(delegation: DelegationOnChain): Hex {
  return managerAbi.encodeFunctionData('disableDelegation', [
    {
      delegate: delegation.delegate,
      delegator: delegation.delegator,
      authority: delegation.authority,
      caveats: delegation.caveats.map(({ enforcer, terms, args }) => ({ enforcer, terms, args })),
      salt: BigInt(delegation.salt),
      signature: delegation.signature,
    },
  ]) as Hex;
}

export interface RevokeSending {
  readonly rpc: ChainRpc;
  readonly chain: CurrentChain;
  readonly transactions: Pick<TransactionService, 'sendReviewed'>;
  readonly signer: TransactionSigner;
  /** The site's host, for the Activity line. */
  readonly site: string;
}

/** Sends the revoke of `grant` from the signer's address; the transaction's hash. */
export async function sendRevoke(grant: GrantOnChain, sending: RevokeSending): Promise<Hex> {
  const { chain, signer } = sending;
  if (chain.id !== grant.chainId) {
    throw new RevokeFailedError(
      `This permission is on chain ${grant.chainId}; switch Encore to that chain to revoke it.`,
    );
  }
  if (getAddress(grant.delegation.delegator) !== getAddress(signer.address)) {
    throw new RevokeFailedError('This permission was granted by another account.');
  }
  const review = await reviewTransaction(
    walletCall({
      from: signer.address,
      to: grant.delegationManager,
      data: disableDelegationData(grant.delegation),
      chainId: chain.id,
    }),
    { chainId: chain.id, from: signer.address, chain: sending.rpc, currency: chain.currency },
  );
  if (review.simulation.outcome === 'revert') {
    throw new RevokeFailedError(
      `The chain would refuse this revoke (${review.simulation.reason.text}); nothing was sent.`,
    );
  }
  const hash = await sending.transactions.sendReviewed(
    WALLET_ORIGIN,
    {
      review,
      // The fee leaves the balance and counts as spent; no amount moves.
      cost: { wei: BigInt(review.maxFeeWei), unlimited: false, tokens: false },
      summary: `Revoke the spend permission of ${sending.site}`,
      valueWei: 0n,
    },
    signer,
    // A revoke moves nothing: the limit's password rule is for money leaving, not for stopping it.
    true,
  );
  return hash as Hex;
}

const disabledEvent = /* @__PURE__ */ new Interface([
  'event DisabledDelegation(bytes32 indexed delegationHash, address indexed delegator, address indexed delegate, (address delegate, address delegator, bytes32 authority, (address enforcer, bytes terms, bytes args)[] caveats, uint256 salt, bytes signature) delegation)',
]);
const disabledLogs = z.lazy(() =>
  z.array(z.object({ transactionHash: z.string().regex(/^0x[0-9a-fA-F]{64}$/) })).max(16),
);

/**
 * The transaction that disabled the grant, from the manager's `DisabledDelegation` event
 * (a revoke sent by an earlier worker, or from another wallet holding the key); null if none.
 */
export async function readRevokeTx(rpc: ChainRpc, grant: GrantOnChain): Promise<Hex | null> {
  const topic = disabledEvent.getEvent('DisabledDelegation')?.topicHash;
  if (!topic) return null;
  const logs = await readAnswer(
    rpc,
    'eth_getLogs',
    [
      {
        address: grant.delegationManager,
        topics: [topic, grant.id.toLowerCase()],
        fromBlock: '0x0',
        toBlock: 'latest',
      },
    ],
    disabledLogs,
  );
  return (logs[0]?.transactionHash.toLowerCase() as Hex | undefined) ?? null;
}
