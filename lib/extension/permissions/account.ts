import { ExtensionError } from '../errors/index.ts';

/** Not a wallet address: connections are kept under `0x` + 40 hex digits, lowercase. */
export class InvalidAccountError extends ExtensionError {
  override readonly name: string = 'InvalidAccountError';
  constructor(account: string) {
    super('INVALID_ACCOUNT', `Not a wallet address: ${account}`);
  }
}

/** The key connections are stored under for `address`: the address in lowercase. */
export function normalizeAccount(address: string): string {
  const account = address.toLowerCase();
  if (!/^0x[0-9a-f]{40}$/.test(account)) throw new InvalidAccountError(address);
  return account;
}
