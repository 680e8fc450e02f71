// EIP-712 type strings: `Mail`, `uint256`, `Person[]`, `bytes32[2][]`. The last bracket is the
// outermost array, as in Solidity: `T[2][]` is a list of pairs.

import { TypedDataError, type TypedDataPath } from './errors.ts';
import { MAX_TYPED_DATA_ARRAY_LENGTH, MAX_TYPED_DATA_DEPTH } from './limits.ts';

export interface TypeRef {
  base: string;
  /** Array dimensions as written, innermost first; null for a dynamic `[]`. */
  dims: readonly (number | null)[];
}

export const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
const TYPE_STRING = /^([A-Za-z_$][A-Za-z0-9_$]*)((?:\[(?:[1-9][0-9]*)?\])*)$/;
const MAX_TYPE_STRING_LENGTH = 256;

export function parseTypeString(text: unknown, path: TypedDataPath): TypeRef {
  if (typeof text !== 'string') throw new TypedDataError(path, 'must be a type name string');
  const match = text.length <= MAX_TYPE_STRING_LENGTH ? TYPE_STRING.exec(text) : null;
  if (!match) {
    throw new TypedDataError(
      path,
      'is not a valid EIP-712 type (a name, optionally followed by [] or [n] with n ≥ 1)',
    );
  }
  const dims = Array.from((match[2] ?? '').matchAll(/\[(\d*)\]/g), ([, digits]) =>
    digits ? Number(digits) : null,
  );
  if (dims.length > MAX_TYPED_DATA_DEPTH) {
    throw new TypedDataError(path, `has more than ${MAX_TYPED_DATA_DEPTH} array dimensions`);
  }
  if (dims.some((length) => length !== null && length > MAX_TYPED_DATA_ARRAY_LENGTH)) {
    throw new TypedDataError(
      path,
      `declares an array longer than ${MAX_TYPED_DATA_ARRAY_LENGTH} elements`,
    );
  }
  return { base: match[1] ?? '', dims };
}

/** The type of one element of an array type. */
export function elementOf(type: TypeRef): TypeRef {
  return { base: type.base, dims: type.dims.slice(0, -1) };
}

export function formatTypeRef(type: TypeRef): string {
  return type.base + type.dims.map((length) => `[${length ?? ''}]`).join('');
}
