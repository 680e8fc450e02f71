// Sign-ups that reached the backend only partly. Kept in memory, keyed by lookupKey, so that
// retrying the same username + password reuses the same entropy instead of minting a second
// wallet. Lost on restart, which is why sign-up also asks the backend for a stored record.
import type { HDNodeWallet } from 'ethers';

export interface PendingSignUp {
  entropy: string;
  iv: string;
  cipherText: string;
  wallet: HDNodeWallet;
  /** setAuthFn already succeeded for this record; a retry goes straight to setUserFn. */
  authStored: boolean;
}

export type PendingSignUps = Map<string, PendingSignUp>;
