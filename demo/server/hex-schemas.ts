// The hex values the demo server's routes take from pages: one definition each, so the sign-in
// routes and the relayer refuse the same inputs with the same words.
import { z } from 'zod';

export const addressSchema = z
  .string()
  .regex(/^0x[0-9a-fA-F]{40}$/, 'must be a 0x-prefixed 20-byte address');
export const signatureSchema = z
  .string()
  .regex(/^0x[0-9a-fA-F]{130}$/, 'must be a 65-byte hex signature');
