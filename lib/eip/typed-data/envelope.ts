// The typed data's outer shape, as JSON text (what EIP-712 specifies) or an object (what many
// sites send), bounded in size before anything else is read.

import { TypedDataError } from './errors.ts';
import { MAX_TYPED_DATA_BYTES } from './limits.ts';
import { isRecord } from './own.ts';

export interface TypedDataInput {
  types: unknown;
  primaryType: unknown;
  domain: unknown;
  message: unknown;
}

const KEYS = ['types', 'primaryType', 'domain', 'message'] as const;

function checkSize(json: string): void {
  // A UTF-16 unit is at least one UTF-8 byte: only text that may fit is encoded to measure it.
  if (
    json.length > MAX_TYPED_DATA_BYTES ||
    new TextEncoder().encode(json).length > MAX_TYPED_DATA_BYTES
  ) {
    throw new TypedDataError([], `is larger than ${MAX_TYPED_DATA_BYTES} bytes as JSON`);
  }
}

/** Pure JSON data either way, so the walk reads exactly what was measured. */
function asJsonData(raw: unknown): unknown {
  let json: string | undefined;
  if (typeof raw === 'string') json = raw;
  else {
    try {
      json = JSON.stringify(raw);
    } catch {
      throw new TypedDataError([], 'cannot be read as JSON (cyclic or too deeply nested)');
    }
  }
  if (json === undefined) return undefined;
  checkSize(json);
  try {
    return JSON.parse(json) as unknown;
  } catch {
    throw new TypedDataError([], 'is not valid JSON');
  }
}

export function readTypedDataInput(raw: unknown): TypedDataInput {
  const data = asJsonData(raw);
  if (!isRecord(data)) {
    throw new TypedDataError(
      [],
      'must be typed data { types, primaryType, domain, message }, as JSON text or an object',
    );
  }
  const extra = Object.keys(data).find((key) => !(KEYS as readonly string[]).includes(key));
  if (extra !== undefined) {
    throw new TypedDataError([extra], `is not part of EIP-712 typed data (${KEYS.join(', ')})`);
  }
  const missing = KEYS.find((key) => !Object.hasOwn(data, key));
  if (missing) throw new TypedDataError([missing], 'is missing');
  return {
    types: data.types,
    primaryType: data.primaryType,
    domain: data.domain,
    message: data.message,
  };
}
