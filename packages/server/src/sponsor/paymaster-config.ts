// SPONSOR_PAYMASTER → the paymaster contract POST /paymaster signs for (EncorePaymaster, whose
// signer is SPONSOR_KEY's address). Optional; it needs the sponsor service configured.

import type { Env } from '@encore-wallet/utils/env';
import { getAddress } from 'ethers';
import { ServerConfigError } from '../errors.ts';

/** The paymaster's checksummed address, or undefined when unset. */
export function paymasterFromEnv(env: Env, sponsorOn: boolean): string | undefined {
  const value = env.SPONSOR_PAYMASTER?.trim();
  if (!value) return undefined;
  if (!sponsorOn) {
    throw new ServerConfigError('SPONSOR_PAYMASTER needs the sponsor service (SPONSOR_*) as well');
  }
  if (!/^0x[0-9a-fA-F]{40}$/.test(value)) {
    throw new ServerConfigError("SPONSOR_PAYMASTER: must be the paymaster's address (0x + 40 hex)");
  }
  try {
    return getAddress(value);
  } catch {
    throw new ServerConfigError('SPONSOR_PAYMASTER: has a wrong EIP-55 checksum');
  }
}
