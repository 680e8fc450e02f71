// The logged-in listener's address, once the session has restored itself; NotLoggedInError when
// nobody is logged in. Every handler that acts for "the current account" asks here.
import { NotLoggedInError } from '@encore-wallet/core';
import type { WalletSession } from '../../session/index.ts';

export async function loggedInAddress(
  session: Pick<WalletSession, 'ready' | 'getAddress'>,
): Promise<string> {
  await session.ready();
  const address = session.getAddress();
  if (!address) throw new NotLoggedInError();
  return address;
}
