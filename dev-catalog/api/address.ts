import { z } from 'zod';

/** An Ethereum address in any case (`associated_wallet`, `POST /dev/wallets`). */
export const addressSchema = z
  .string()
  .regex(/^0x[0-9a-fA-F]{40}$/, 'must be a 0x-prefixed 20-byte address');
