import { refuseAccountAuthorization } from '@encore-wallet/calls';
import { z } from 'zod';
import {
  normaliseTypedData,
  TypedDataError,
  type TypedDataPayload,
  withoutDomainType,
} from '../../../eip/index.ts';
import { checkSpending, type PermitGrant, permitGrantOf } from '../../../transactions/index.ts';
import type { PermitApproval, PermitTokenInfo, TypedDataApproval } from '../../approvals/index.ts';
import { needsPassword } from '../../approvals/index.ts';
import { PermitPasswordError } from '../errors.ts';
import { signerFor } from '../internal/accounts.ts';
import { addressSchema } from '../params.ts';
import type { RpcContext, RpcMethod } from '../types.ts';

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

/** The chain a permit is for (its domain's chainId); null when it names none or none Encore counts. */
function permitChainOf(typedData: TypedDataPayload): number | null {
  const named = typedData.domain.chainId;
  return typeof named === 'string' && /^\d{1,15}$/.test(named) ? Number(named) : null;
}

/** A daily limit of nothing: what a permit valid on every chain is held against. */
const ANY_CHAIN_LIMIT = { kind: 'daily', wei: '0' } as const;

/**
 * What signing lets another address take of `account`'s tokens, held against the daily limit of
 * the permit's chain by the rule a transaction's token calls follow (lib/transactions): under a
 * limit, the password whatever the amount. A permit that names no chain is valid on every chain,
 * some of which have a limit: it always takes the password.
 */
async function permitApproval(
  ctx: RpcContext,
  typedData: TypedDataPayload,
  account: string,
): Promise<PermitApproval | null> {
  const grant = permitGrantOf(typedData, account);
  if (!grant) return null;
  const chainId = permitChainOf(typedData);
  const limit = chainId === null ? ANY_CHAIN_LIMIT : await ctx.deps.chain.spendingLimit(chainId);
  const check = checkSpending(
    limit,
    [],
    { wei: 0n, unlimited: grant.uncapped, tokens: true },
    Date.now(),
  );
  const tokenInfo = await readPermitTokens(ctx, grant, chainId);
  return {
    grant,
    chainId,
    passwordRequired: check.allowed ? null : check.reason,
    ...(tokenInfo ? { tokenInfo } : {}),
  };
}

/** Most tokens one permit's window reads the symbol and decimals of (a batch may name more). */
const MAX_TOKENS_READ = 8;
/** How long the window waits for a token's reads: a slow node delays it no longer than this. */
const TOKEN_READ_MS = 3_000;
const UNREAD: PermitTokenInfo = { symbol: null, decimals: null };

/** `promise`, or a rejection once `ms` have passed. */
function withinTime<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('token read took too long')), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/**
 * The symbol and decimals of each token whose amount the permit grants, read on the current
 * chain when it is the chain the permit names; null when nothing is read (another chain, none
 * named, or no reader): the window then shows raw units and says so.
 */
async function readPermitTokens(
  ctx: RpcContext,
  grant: PermitGrant,
  chainId: number | null,
): Promise<Record<string, PermitTokenInfo> | null> {
  const read = ctx.deps.chain.readToken;
  if (!read || chainId === null || chainId !== (await ctx.deps.chain.get())) return null;
  const addresses = [
    ...new Set(
      grant.tokens
        .filter((token) => token.amount !== null && token.token !== null)
        .map((token) => (token.token ?? '').toLowerCase()),
    ),
  ].slice(0, MAX_TOKENS_READ);
  const infos = await Promise.all(
    addresses.map(
      async (address): Promise<[string, PermitTokenInfo]> => [
        address,
        await withinTime(read(ctx.origin, address), TOKEN_READ_MS).catch(() => UNREAD),
      ],
    ),
  );
  return Object.fromEntries(infos);
}

/**
 * EIP-712 signature: what relayers verify before paying fees on the person's behalf. The approval
 * shows the canonical typed data from the params step, and run signs that same object. Typed data
 * that would authorize something in the listener's own account (a user operation, the domain of
 * its EntryPoint, delegate or address) is refused with -32602 before any window opens. A permit
 * (EIP-2612, DAI's, Permit2's, ERC-721's) of the account's tokens is an approval the site can
 * submit itself: the window says what it grants, and under a daily limit it takes the password.
 */
export const eth_signTypedData_v4: RpcMethod<Params, TypedDataApproval> = {
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
    const permit = await permitApproval(ctx, typedData, account);
    return { kind: 'typed_data', address: account, typedData, currentChainId, permit };
  },
  run: (ctx, [address, typedData], approved, decision) => {
    const signer = signerFor(ctx, address);
    refuseAccountAuthorization(typedData, signer.address, ctx.deps.calls.pinnedDelegates());
    // The queue lets no such approval through without the password; a permit is signed only so.
    if (approved && needsPassword(approved) && decision?.passwordConfirmed !== true) {
      throw new PermitPasswordError();
    }
    return signer.signTypedData(
      typedData.domain,
      withoutDomainType(typedData.types),
      typedData.message,
    );
  },
};
