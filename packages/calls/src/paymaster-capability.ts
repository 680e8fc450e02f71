// How a site names who pays in the ecosystem's own way: ERC-7677's capability
// `paymasterService: { url, context? }` in wallet_sendCalls (what viem's sendCalls and wagmi's
// useSendCalls send). The URL answers pm_getPaymasterStubData and pm_getPaymasterData; `context`
// is the site's own, passed through untouched. Anything else in the capability is refused: a
// site does not choose the EntryPoint, the delegate or the bundler (Encore's table and settings
// do).
import { z } from 'zod';
import { objectError } from './schemas.ts';
import { sponsorUrlSchema } from './sponsor-capability.ts';

export const PAYMASTER_CAPABILITY = 'paymasterService';

/** The most JSON text a site's `context` may take: it is posted twice per batch. */
export const MAX_CONTEXT_BYTES = 4096;

const contextSchema = z.lazy(() =>
  z.record(z.string(), z.unknown(), { error: 'must be a JSON object' }).refine(
    (value) => {
      try {
        return new TextEncoder().encode(JSON.stringify(value)).length <= MAX_CONTEXT_BYTES;
      } catch {
        return false;
      }
    },
    { error: `must be JSON of at most ${MAX_CONTEXT_BYTES} bytes` },
  ),
);

export const paymasterServiceSchema = z.lazy(() =>
  z.strictObject(
    {
      url: sponsorUrlSchema,
      context: contextSchema.optional(),
      optional: z.boolean().optional(),
    },
    { error: objectError('must be an object { url, context?, optional? }') },
  ),
);
export type PaymasterService = z.infer<typeof paymasterServiceSchema>;
