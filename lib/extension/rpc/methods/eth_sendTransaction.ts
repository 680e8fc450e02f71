import { z } from 'zod';
import { type TransactionRequest, transactionRequestSchema } from '../../../transactions/index.ts';
import type { TransactionApproval } from '../../approvals/index.ts';
import { InvalidParamsError } from '../errors.ts';
import { signerFor } from '../internal/accounts.ts';
import { sameAddress } from '../params.ts';
import type { RpcMethod } from '../types.ts';

type Params = [transaction: TransactionRequest, ...unknown[]];

/**
 * A transaction the listener pays for. `from` must be the connected account (4100 otherwise);
 * the approval shows the canonical transaction filled from the chain, and run signs that same
 * object, with the nonce taken when it is sent.
 */
export const eth_sendTransaction: RpcMethod<Params, TransactionApproval> = {
  name: 'eth_sendTransaction',
  params: z.lazy(() =>
    z.tuple([transactionRequestSchema()]).rest(z.unknown()),
  ) as unknown as z.ZodType<Params>,
  paramNames: ['transaction'],
  requiresLogin: true,
  requiresConnection: true,
  approval: async (ctx, [request]) => {
    const account = signerFor(ctx, request.from).address;
    // A call into the account itself runs the account's own code: once it runs Encore's
    // delegate, `execute(...)` there is a whole batch (a token drained among other calls) that
    // this window would show as one opaque call. Batches go through wallet_sendCalls, whose window
    // lists each call; a transfer to oneself without data (replacing a stuck transaction) stays.
    if (request.to !== null && sameAddress(request.to, account) && request.data !== '0x') {
      throw new InvalidParamsError(
        'eth_sendTransaction',
        'transaction.to',
        'is your own account with calldata: Encore does not run calls through your account this way (send them with wallet_sendCalls, which shows each one)',
      );
    }
    return ctx.deps.transactions.prepare(ctx.origin, request, account);
  },
  run: async (ctx, [request], approved, decision) => {
    if (!approved) throw new Error('eth_sendTransaction runs only after an approval');
    const signer = signerFor(ctx, request.from);
    return ctx.deps.transactions.send(
      ctx.origin,
      approved,
      signer,
      decision?.passwordConfirmed === true,
    );
  },
};
