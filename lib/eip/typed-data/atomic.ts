// The atomic EIP-712 types and their one canonical form each: booleans stay booleans, integers
// become decimal strings, addresses are checksummed, byte strings lowercase hex.

import { getAddress } from 'ethers';
import { TypedDataError, type TypedDataPath } from './errors.ts';
import { integerTypeOf, isIntegerLike, normaliseInteger } from './integer.ts';

export type AtomicValue = string | boolean;

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const EVEN_HEX = /^0x(?:[0-9a-fA-F]{2})*$/;
// An unpaired surrogate has no UTF-8 form: what would be signed is not what is shown.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** `bytes7` → 7; null for anything else (including `bytes0`, `bytes33`, `bytes`). */
function fixedBytesLength(base: string): number | null {
  const match = /^bytes([0-9]+)$/.exec(base);
  if (!match) return null;
  const length = Number(match[1]);
  return String(length) === match[1] && length >= 1 && length <= 32 ? length : null;
}

export function isAtomicType(base: string): boolean {
  return (
    base === 'bool' ||
    base === 'address' ||
    base === 'string' ||
    base === 'bytes' ||
    fixedBytesLength(base) !== null ||
    integerTypeOf(base) !== null
  );
}

/** Names that read as atomic types even when they are not valid ones (`uint`, `bytes33`). */
export function isReservedTypeName(base: string): boolean {
  return isAtomicType(base) || isIntegerLike(base) || /^bytes[0-9]*$/.test(base);
}

function normaliseAddress(value: unknown, path: TypedDataPath): string {
  if (typeof value !== 'string' || !ADDRESS.test(value)) {
    throw new TypedDataError(path, 'must be a 0x-prefixed 20-byte hex address');
  }
  try {
    return getAddress(value);
  } catch {
    throw new TypedDataError(path, 'has mixed-case letters that fail the EIP-55 checksum');
  }
}

function normaliseBytes(value: unknown, length: number | null, path: TypedDataPath): string {
  const shape = length === null ? '0x-prefixed hex bytes' : `exactly ${length} bytes of 0x hex`;
  if (typeof value !== 'string' || !EVEN_HEX.test(value)) {
    throw new TypedDataError(path, `must be ${shape}`);
  }
  if (length !== null && value.length !== 2 + 2 * length) {
    throw new TypedDataError(path, `must be ${shape} (got ${(value.length - 2) / 2})`);
  }
  return value.toLowerCase();
}

export function normaliseAtomic(base: string, value: unknown, path: TypedDataPath): AtomicValue {
  if (base === 'bool') {
    if (typeof value !== 'boolean') {
      throw new TypedDataError(path, 'must be true or false (a JSON boolean, not a string)');
    }
    return value;
  }
  if (base === 'string') {
    if (typeof value !== 'string') throw new TypedDataError(path, 'must be a string');
    if (LONE_SURROGATE.test(value)) {
      throw new TypedDataError(path, 'is not well-formed Unicode text (a lone surrogate)');
    }
    return value;
  }
  if (base === 'address') return normaliseAddress(value, path);
  if (base === 'bytes') return normaliseBytes(value, null, path);
  const bytesLength = fixedBytesLength(base);
  if (bytesLength !== null) return normaliseBytes(value, bytesLength, path);
  const integer = integerTypeOf(base);
  if (integer) return normaliseInteger(integer, value, path);
  // Type strings are checked before any value is read; reaching this is a bug, not bad input.
  throw new Error(`not an atomic EIP-712 type: ${base}`);
}
