// The EIP-7702 authorization a paymaster request carries for an account's first operation. The
// simulation runs the calls with the delegate's code on the account on its word, so it is judged
// first, as the chain will: for the pinned delegate, for this chain, signed by the operation's
// sender, at the sender's next nonce. A stranger cannot bring one for someone else's account.
import { type Address, authorizationSigner, type Hex, toQuantity } from '@encore-wallet/calls';
import { type ChainRpc, readTransactionCount } from '@encore-wallet/utils/chain-rpc';
import type { PaymasterUserOperation } from './paymaster-protocol.ts';
import { SponsorError } from './sponsor-error.ts';

type Authorization = NonNullable<PaymasterUserOperation['eip7702Auth']>;

export async function checkPaymasterAuthorization(options: {
  rpc: ChainRpc;
  delegate: Address;
  chainId: bigint;
  sender: Address;
  authorization: Authorization;
}): Promise<void> {
  const { authorization: auth, delegate } = options;
  const authorized = auth.address ?? auth.contractAddress;
  if (authorized !== delegate) {
    throw new SponsorError(
      'SPONSOR_WRONG_DELEGATE',
      `the authorization names ${authorized ?? 'no contract'}, not ${delegate}`,
    );
  }
  if (auth.chainId !== options.chainId) {
    throw new SponsorError('SPONSOR_BAD_AUTHORIZATION', 'the authorization is for another chain');
  }
  const signer = authorizationSigner({
    chainId: toQuantity(auth.chainId),
    address: authorized,
    nonce: toQuantity(auth.nonce),
    yParity: auth.yParity,
    r: auth.r as Hex,
    s: auth.s as Hex,
  });
  if (signer?.toLowerCase() !== options.sender.toLowerCase()) {
    throw new SponsorError(
      'SPONSOR_BAD_AUTHORIZATION',
      'the authorization is not signed by the operation’s sender',
    );
  }
  const next = await readTransactionCount(options.rpc, options.sender);
  if (auth.nonce !== BigInt(next)) {
    throw new SponsorError(
      'SPONSOR_BAD_AUTHORIZATION',
      `the authorization is for nonce ${auth.nonce}; the account's next is ${next}`,
    );
  }
}
