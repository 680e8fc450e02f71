// How a site names who pays: the EIP-5792 capability `sponsorService: { url, optional? }` in
// wallet_sendCalls. The URL is a sponsor service speaking ERC-7769's bundler methods that pays
// the transaction itself (see docs/sponsored-calls.md for why this is not ERC-7677's
// `paymasterService`). Only http(s) without credentials; the window names its host.
import { z } from 'zod';
import { objectError } from './schemas.ts';

export const SPONSOR_CAPABILITY = 'sponsorService';

const MAX_URL_LENGTH = 2048;

export const sponsorUrlSchema = z.lazy(() =>
  z
    .string({ error: 'must be a URL' })
    .max(MAX_URL_LENGTH, { error: `must be at most ${MAX_URL_LENGTH} characters` })
    .refine(
      (value) => {
        try {
          const url = new URL(value);
          return (
            (url.protocol === 'http:' || url.protocol === 'https:') &&
            !url.username &&
            !url.password
          );
        } catch {
          return false;
        }
      },
      { error: 'must be an http:// or https:// URL without a user name or password' },
    ),
);

export const sponsorServiceSchema = z.lazy(() =>
  z.strictObject(
    { url: sponsorUrlSchema, optional: z.boolean().optional() },
    { error: objectError('must be an object { url, optional? }') },
  ),
);
export type SponsorService = z.infer<typeof sponsorServiceSchema>;

/** `host[:port]` of the sponsor's URL: what the approval window says pays the fee. */
export function sponsorHost(url: string): string {
  return new URL(url).host;
}
