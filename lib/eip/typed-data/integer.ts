// intN / uintN values: a JSON number in the safe-integer range, a decimal string or a 0x hex
// string (read as a non-negative magnitude, as ethers does), always shown and signed in decimal.

import { TypedDataError, type TypedDataPath } from './errors.ts';

export interface IntegerType {
  signed: boolean;
  bits: number;
}

const INTEGER_TYPE = /^(u?)int([0-9]+)$/;
const DECIMAL = /^-?[0-9]{1,80}$/;
const HEX = /^0x[0-9a-fA-F]{1,80}$/;

/** `uint256` → unsigned 256 bits; null for anything else (including `uint`, `int7`, `int264`). */
export function integerTypeOf(base: string): IntegerType | null {
  const match = INTEGER_TYPE.exec(base);
  if (!match) return null;
  const bits = Number(match[2]);
  if (String(bits) !== match[2] || bits < 8 || bits > 256 || bits % 8 !== 0) return null;
  return { signed: match[1] === '', bits };
}

/** Looks like an integer type name, valid or not (`uint`, `int7`): never a struct name. */
export function isIntegerLike(base: string): boolean {
  return /^u?int[0-9]*$/.test(base);
}

function toBigInt(value: unknown): bigint | null {
  if (typeof value === 'number') return Number.isSafeInteger(value) ? BigInt(value) : null;
  if (typeof value === 'string' && (DECIMAL.test(value) || HEX.test(value))) return BigInt(value);
  return null;
}

export function normaliseInteger(type: IntegerType, value: unknown, path: TypedDataPath): string {
  const name = `${type.signed ? '' : 'u'}int${type.bits}`;
  const integer = toBigInt(value);
  if (integer === null) {
    throw new TypedDataError(
      path,
      `must be an integer (${name}): a JSON number within ±(2^53 - 1), a decimal string or a 0x hex string`,
    );
  }
  const max = type.signed ? (1n << BigInt(type.bits - 1)) - 1n : (1n << BigInt(type.bits)) - 1n;
  const min = type.signed ? -(1n << BigInt(type.bits - 1)) : 0n;
  if (integer < min || integer > max) {
    throw new TypedDataError(path, `is out of range for ${name} (${min} to ${max})`);
  }
  return integer.toString();
}
