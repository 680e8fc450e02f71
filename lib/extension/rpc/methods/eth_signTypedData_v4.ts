import { z } from 'zod';
import { refuseAccountAuthorization } from '../../../calls/index.ts';
import {
  normaliseTypedData,
  TypedDataError,
  type TypedDataPayload,
  withoutDomainType,
} from '../../../eip/index.ts';
import { signerFor } from '../internal/accounts.ts';
import { addressSchema } from '../params.ts';
import type { RpcMethod } from '../types.ts';

// JSON text (the spec) or an object (what many sites send), checked against its declared types
// and rebuilt in canonical form. Problems become -32602 naming the path below `typedData`.
const typedDataParam = z.lazy(() =>
  z.unknown().transform((raw, ctx): TypedDataPayload => {
    try {
      return normaliseTypedData(raw);
    } catch (error) {
      if (!(error instanceof TypedDataError)) throw error;
      ctx.addIssue({ code: 'custom', message: error.problem, path: [...error.path] });
      return z.NEVER;
    }
  }),
);

type Params = [address: string, typedData: TypedDataPayload, ...unknown[]];

/**
 * EIP-712 signature: what relayers verify before paying fees on the person's behalf. The approval
 * shows the canonical typed data from the params step, and run signs that same object. Typed data
 * that would authorize something in the listener's own account (a user operation, the domain of
 * its EntryPoint, delegate or address) is refused with -32602 before any window opens.
 */
export const eth_signTypedData_v4: RpcMethod<Params> = {
  name: 'eth_signTypedData_v4',
  params: z.lazy(() =>
    z.tuple([addressSchema, typedDataParam]).rest(z.unknown()),
  ) as z.ZodType<Params>,
  paramNames: ['address', 'typedData'],
  requiresLogin: true,
  requiresConnection: true,
  approval: async (ctx, [address, typedData]) => {
    // The window shows the account checksummed, whatever case the site wrote it in.
    const account = signerFor(ctx, address).address;
    // Before any window: typed data that would act for the account itself is never shown.
    refuseAccountAuthorization(typedData, account, ctx.deps.calls.pinnedDelegates());
    const currentChainId = await ctx.deps.chain.get();
    return { kind: 'typed_data', address: account, typedData, currentChainId };
  },
  run: (ctx, [address, typedData]) => {
    const signer = signerFor(ctx, address);
    refuseAccountAuthorization(typedData, signer.address, ctx.deps.calls.pinnedDelegates());
    return signer.signTypedData(
      typedData.domain,
      withoutDomainType(typedData.types),
      typedData.message,
    );
  },
};
