// What POST /api/relay/favorite accepts: the typed data the page asked the wallet to sign, and the
// signature. The relayer compares the domain and types with its own and verifies against its own
// copy, so nothing the client sends can change what is checked or submitted.
import { isDeepStrictEqual } from 'node:util';
import { z } from 'zod';
import {
  FAVORITE_DOMAIN_FIELDS,
  FAVORITE_TYPES,
  type FavoriteDomain,
  type FavoriteMessage,
} from '../../shared/favorite.ts';
import { addressSchema, signatureSchema } from '../hex-schemas.ts';
import { RelayError } from './errors.ts';

const uint = (digits: number) =>
  z.string().regex(new RegExp(`^(0|[1-9]\\d{0,${digits - 1}})$`), 'must be a decimal integer');
const typeList = z
  .array(z.strictObject({ name: z.string().max(64), type: z.string().max(64) }))
  .max(8);

export const RelayFavoriteBodySchema = z.strictObject({
  typedData: z.strictObject({
    types: z
      .record(z.string().max(64), typeList)
      .refine((t) => Object.keys(t).length <= 4, 'too many types'),
    primaryType: z.literal('Favorite'),
    domain: z.strictObject({
      name: z.string().max(64),
      version: z.string().max(16),
      // viem sends a number; some libraries a decimal or hex string.
      chainId: z.union([
        z.number().int().nonnegative(),
        z.string().regex(/^(0x[0-9a-fA-F]{1,16}|\d{1,20})$/),
      ]),
      verifyingContract: addressSchema,
    }),
    message: z.strictObject({
      listener: addressSchema,
      trackId: z.string().min(1).max(64),
      nonce: uint(78),
      deadline: uint(20),
    }),
  }),
  signature: signatureSchema,
});
export type RelayFavoriteBody = z.infer<typeof RelayFavoriteBodySchema>;

export interface FavoriteRequest {
  message: FavoriteMessage;
  signature: string;
}

/** The body, or RELAY_BAD_REQUEST naming the first faulty field. */
export function parseRelayBody(raw: unknown): RelayFavoriteBody {
  const parsed = RelayFavoriteBodySchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const where = issue?.path.join('.') || 'body';
  throw new RelayError('RELAY_BAD_REQUEST', `${where}: ${issue?.message ?? 'invalid'}`);
}

/** RELAY_WRONG_DOMAIN unless the client signed under exactly this relayer's domain and types. */
export function checkDomain(body: RelayFavoriteBody, expected: FavoriteDomain): FavoriteRequest {
  const { domain, types, message } = body.typedData;
  const chainId = Number(BigInt(domain.chainId));
  const mismatch =
    chainId !== expected.chainId
      ? `chain ${chainId} is not ${expected.chainId}`
      : domain.verifyingContract.toLowerCase() !== expected.verifyingContract.toLowerCase()
        ? `contract ${domain.verifyingContract} is not ${expected.verifyingContract}`
        : domain.name !== expected.name || domain.version !== expected.version
          ? `domain "${domain.name}" version ${domain.version} is not "${expected.name}" version ${expected.version}`
          : null;
  if (mismatch) throw new RelayError('RELAY_WRONG_DOMAIN', `signed for another place: ${mismatch}`);
  const { EIP712Domain, ...rest } = types;
  if (
    (EIP712Domain !== undefined && !isDeepStrictEqual(EIP712Domain, FAVORITE_DOMAIN_FIELDS)) ||
    !isDeepStrictEqual(rest, FAVORITE_TYPES)
  ) {
    throw new RelayError('RELAY_WRONG_DOMAIN', 'types: not the Favorite layout of the contract');
  }
  return { message, signature: body.signature };
}
