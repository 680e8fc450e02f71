import { ExtensionError } from '../../errors/index.ts';

/**
 * A sealed wallet value that cannot be opened: its key is gone (the extension's IndexedDB was
 * cleared) or the value was changed. Nothing can recover it; the session logs out.
 */
export class WalletDataUnreadableError extends ExtensionError {
  override readonly name: string = 'WalletDataUnreadableError';
  constructor(reason: 'no-key' | 'does-not-open') {
    super(
      'WALLET_DATA_UNREADABLE',
      reason === 'no-key'
        ? 'The key that sealed the stored session is gone'
        : 'A stored session value does not open with its key',
      { reason },
    );
  }
}
