// A batch's calls in canonical form: EIP-5792's `{ to, value?, data? }` objects read strictly
// (target checked, value a whole number of wei, data as bytes, nothing else), so the window
// shows and the key signs one object. Per-call capabilities are the RPC method's to judge and
// remove before the calls get here.
import { z } from 'zod';
import { InvalidCallsError } from './errors.ts';
import { type Address, addressSchema, bytesSchema, type Hex, objectError } from './schemas.ts';

export interface Call {
  /** The contract or address called, checksummed. Contract creation is not a call. */
  readonly to: Address;
  /** Wei sent from the account with the call. */
  readonly value: bigint;
  /** Calldata, lower-case hex (0x for none). */
  readonly data: Hex;
}

/** Calls in one batch: more is EIP-5792's "bundle too large" (5740). */
export const MAX_CALLS = 16;
/** Calldata bytes in one batch, all calls together. */
export const MAX_BATCH_DATA_BYTES = 32 * 1024;

const valueSchema = z.lazy(() =>
  z
    .string({ error: 'must be a 0x-prefixed hex quantity' })
    .regex(/^0x[0-9a-fA-F]{1,64}$/, {
      error: 'must be a 0x-prefixed hex quantity of at most 32 bytes',
    })
    .transform((value) => BigInt(value)),
);

const callSchema = z.lazy(() =>
  z.strictObject(
    { to: addressSchema, value: valueSchema.optional(), data: bytesSchema.optional() },
    { error: objectError('must be an object { to, value?, data? }') },
  ),
);

const callsSchema = z.lazy(() =>
  z
    .array(callSchema, { error: 'must be an array of calls' })
    .min(1, { error: 'must hold at least one call' })
    .max(MAX_CALLS, { error: `must hold at most ${MAX_CALLS} calls` }),
);

function pathOf(issue: z.core.$ZodIssue): string {
  return issue.path.reduce<string>(
    (text, segment) =>
      typeof segment === 'number' ? `${text}[${segment}]` : `${text}.${String(segment)}`,
    'calls',
  );
}

/** The canonical calls of an EIP-5792 `calls` array; InvalidCallsError names the first problem. */
export function parseCalls(input: unknown): Call[] {
  const parsed = callsSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new InvalidCallsError(issue ? pathOf(issue) : 'calls', issue?.message ?? 'is invalid');
  }
  const calls = parsed.data.map((call) => ({
    to: call.to,
    value: call.value ?? 0n,
    data: call.data ?? ('0x' as Hex),
  }));
  const bytes = calls.reduce((sum, call) => sum + (call.data.length - 2) / 2, 0);
  if (bytes > MAX_BATCH_DATA_BYTES) {
    throw new InvalidCallsError(
      'calls',
      `carry ${bytes} bytes of data, more than ${MAX_BATCH_DATA_BYTES}`,
    );
  }
  return calls;
}
