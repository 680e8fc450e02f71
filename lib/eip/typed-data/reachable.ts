// The struct types a message of the primary type can contain, found by walking from it. Everything
// shown and signed hangs off this walk, so types it never reaches can be refused (or dropped) in
// one place.

import type { TypeDefinitions } from './definitions.ts';
import { TypedDataError } from './errors.ts';

/**
 * The primary type, then every struct it uses, in the order a depth-first walk meets them.
 * Refuses a type that refers back to itself: EIP-712's encodeType as ethers implements it
 * cannot sign a recursive type, even one that could end in an empty array.
 */
export function reachableTypes(definitions: TypeDefinitions, primaryType: string): string[] {
  const order: string[] = [];
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
    if (order.includes(name)) return;
    order.push(name);
    trail.push(name);
    for (const field of definitions.get(name) ?? []) {
      if (definitions.has(field.ref.base)) visit(field.ref.base);
    }
    trail.pop();
  };
  visit(primaryType);
  return order;
}
