import { TypedDataEncoder } from 'ethers';
import { z } from 'zod';
import type { TypedDataPayload } from '../../approvals/types.ts';
import { InvalidParamsError } from '../errors.ts';
import { signerFor } from '../internal/accounts.ts';
import { addressSchema } from '../params.ts';
import type { RpcMethod } from '../types.ts';

const typedDataSchema = z.object({
  types: z.record(
    z.string(),
    z.array(z.object({ name: z.string(), type: z.string() }), { error: 'must list fields' }),
  ),
  primaryType: z.string().min(1),
  domain: z.record(z.string(), z.unknown()),
  message: z.record(z.string(), z.unknown()),
});

// Sites send the typed data as a JSON string (the spec) or, often, as an object.
const typedDataParam = z.union([
  typedDataSchema,
  z
    .string()
    .transform((text, ctx) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'must be typed data (JSON text or an object)' });
        return z.NEVER;
      }
    })
    .pipe(typedDataSchema),
]);

type Params = [address: string, typedData: TypedDataPayload, ...unknown[]];

/** viem and ethers put EIP712Domain in `types`; ethers' signer derives it and rejects it. */
function withoutDomainType(typedData: TypedDataPayload): TypedDataPayload['types'] {
  const { EIP712Domain: _domain, ...types } = typedData.types;
  return types;
}

/** Refuses data ethers cannot encode before the person is asked to sign it. */
function checkEncodable(typedData: TypedDataPayload): void {
  const types = withoutDomainType(typedData);
  if (!(typedData.primaryType in types)) {
    throw new InvalidParamsError(
      'eth_signTypedData_v4',
      'typedData.primaryType',
      `names no type in types`,
    );
  }
  let root: string;
  try {
    root = TypedDataEncoder.from(types).primaryType;
    TypedDataEncoder.hash(typedData.domain, types, typedData.message);
  } catch (error) {
    const reason = error instanceof Error ? error.message.split(' (')[0] : 'cannot be encoded';
    throw new InvalidParamsError(
      'eth_signTypedData_v4',
      'typedData (params[1])',
      `cannot be encoded: ${reason}`,
    );
  }
  // ethers signs the one root type; a different primaryType would sign something else.
  if (root !== typedData.primaryType) {
    throw new InvalidParamsError(
      'eth_signTypedData_v4',
      'typedData.primaryType',
      `must be the root type (${root})`,
    );
  }
}

/** EIP-712 signature: what relayers verify before paying fees on the person's behalf. */
export const eth_signTypedData_v4: RpcMethod<Params> = {
  name: 'eth_signTypedData_v4',
  params: z.tuple([addressSchema, typedDataParam]).rest(z.unknown()) as z.ZodType<Params>,
  paramNames: ['address', 'typedData'],
  requiresLogin: true,
  requiresConnection: true,
  approval: async (ctx, [address, typedData]) => {
    signerFor(ctx, address);
    checkEncodable(typedData);
    return { kind: 'typed_data', address, typedData, currentChainId: await ctx.deps.chain.get() };
  },
  run: (ctx, [address, typedData]) =>
    signerFor(ctx, address).signTypedData(
      typedData.domain,
      withoutDomainType(typedData),
      typedData.message,
    ),
};
