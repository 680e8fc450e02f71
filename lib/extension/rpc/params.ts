// Shared parameter schemas and the zod -> -32602 translation that names the bad parameter.

import { z } from 'zod';
import { InvalidParamsError } from './errors.ts';
import type { RpcMethod } from './types.ts';

export const addressSchema = z.lazy(() =>
  z
    .string({ error: 'must be a 0x-prefixed 20-byte hex address' })
    .regex(/^0x[0-9a-fA-F]{40}$/, 'must be a 0x-prefixed 20-byte hex address'),
);

/** Methods without parameters accept none, an empty list, or anything ignorable ethers sends. */
export const noParams = z.lazy(() => z.union([z.undefined(), z.array(z.unknown())]));

/** `[{ eth_accounts: {} }]`, the only permission Encore grants. */
export const accountsPermissionParams = z.lazy(() =>
  z.tuple([
    z
      .record(z.string(), z.unknown())
      .refine(
        (request) => Object.keys(request).length === 1 && 'eth_accounts' in request,
        'must be { eth_accounts: {} } (the only permission Encore grants)',
      ),
  ]),
);

function pathSegment(segment: PropertyKey): string {
  if (typeof segment === 'number') return `[${segment}]`;
  const key = String(segment);
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(key)
    ? `.${key}`
    : `[${JSON.stringify(key.slice(0, 64))}]`;
}

export function parseParams<P>(method: RpcMethod<P>, raw: unknown): P {
  const parsed = method.params.safeParse(raw);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const path = issue?.path ?? [];
  const [first, ...rest] = path;
  let where = 'params';
  if (typeof first === 'number') {
    const name = method.paramNames?.[first];
    // A whole parameter reads `typedData (params[1])`; a place inside it reads like code would
    // write it, `typedData.message.wallets[1]`.
    if (rest.length === 0) where = name ? `${name} (params[${first}])` : `params[${first}]`;
    else where = (name ?? `params[${first}]`) + rest.map(pathSegment).join('');
  }
  const problem =
    issue?.code === 'too_small' && path.length === 0
      ? `is missing a parameter (expected ${method.paramNames?.join(', ') ?? 'more'})`
      : (issue?.message ?? 'is invalid');
  throw new InvalidParamsError(method.name, where, problem);
}

export function sameAddress(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}
