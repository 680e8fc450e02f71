// The struct types a message of the primary type can contain, found by walking from it. This is
// exactly what EIP-712's encodeType hashes; everything shown and signed hangs off this walk, and
// declared types it never reaches are dropped here, unread.

import { isAtomicType } from './atomic.ts';
import {
  type DeclaredTypes,
  type FieldDefinition,
  parseStruct,
  type TypeDefinitions,
} from './definitions.ts';
import { TypedDataError } from './errors.ts';

/**
 * The primary type, then every struct it uses, in the order a depth-first walk meets them, each
 * checked strictly. Refuses a type that refers back to itself: EIP-712's encodeType as ethers
 * implements it cannot sign a recursive type, even one that could end in an empty array.
 */
export function reachableTypes(declared: DeclaredTypes, primaryType: string): TypeDefinitions {
  const reached = new Map<string, readonly FieldDefinition[]>();
  const trail: string[] = [];
  const visit = (name: string): void => {
    const back = trail.indexOf(name);
    if (back >= 0) {
      const loop = [...trail.slice(back), name].join(' → ');
      throw new TypedDataError(
        ['types', name],
        `refers back to itself (${loop}); recursive types cannot be signed`,
      );
    }
    if (reached.has(name)) return;
    const fields = parseStruct(declared, name);
    reached.set(name, fields);
    trail.push(name);
    for (const field of fields) {
      if (!isAtomicType(field.ref.base)) visit(field.ref.base);
    }
    trail.pop();
  };
  visit(primaryType);
  return reached;
}
