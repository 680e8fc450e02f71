// The `types` object: struct names, their fields, and the types those fields name. Only the
// structs the primary type reaches are read (EIP-712 hashes only those); the rest are dropped
// unread, so they can neither be shown nor signed.

import { isAtomicType, isReservedTypeName } from './atomic.ts';
import { TypedDataError, type TypedDataPath } from './errors.ts';
import { isRecord, ownValue } from './own.ts';
import { IDENTIFIER, parseTypeString, type TypeRef } from './type-string.ts';

export const DOMAIN_TYPE = 'EIP712Domain';

export interface FieldDefinition {
  name: string;
  type: string;
  ref: TypeRef;
}

/** Struct name → fields in declared order; a Map, so only declared names are ever found. */
export type TypeDefinitions = ReadonlyMap<string, readonly FieldDefinition[]>;

const NAME_RULE = 'letters, digits, _ and $, not starting with a digit';

function parseField(raw: unknown, path: TypedDataPath, seen: Set<string>): FieldDefinition {
  if (!isRecord(raw)) throw new TypedDataError(path, 'must be a field definition { name, type }');
  const extra = Object.keys(raw).find((key) => key !== 'name' && key !== 'type');
  if (extra !== undefined) {
    throw new TypedDataError([...path, extra], 'is not part of a field definition (name, type)');
  }
  const name = ownValue(raw, 'name');
  if (typeof name !== 'string' || !IDENTIFIER.test(name)) {
    throw new TypedDataError([...path, 'name'], `must be a field name (${NAME_RULE})`);
  }
  if (seen.has(name)) throw new TypedDataError([...path, 'name'], `repeats the field "${name}"`);
  seen.add(name);
  const ref = parseTypeString(ownValue(raw, 'type'), [...path, 'type']);
  return { name, type: raw.type as string, ref };
}

function checkFieldType(ref: TypeRef, declared: DeclaredTypes, path: TypedDataPath): void {
  const { base } = ref;
  if (base === DOMAIN_TYPE) {
    throw new TypedDataError(path, `cannot use ${DOMAIN_TYPE}: the domain is not a field type`);
  }
  if (isAtomicType(base) || declared.has(base)) return;
  if (isReservedTypeName(base)) {
    throw new TypedDataError(
      path,
      `is not a valid EIP-712 type "${base}" (intN/uintN need N a multiple of 8 from 8 to 256, bytesN needs N from 1 to 32)`,
    );
  }
  throw new TypedDataError(path, `names an unknown type "${base}"`);
}

/** The site's `types` as declared: names to raw field lists, read only when a walk reaches them. */
export type DeclaredTypes = ReadonlyMap<string, unknown>;

export function readDeclaredTypes(raw: unknown): DeclaredTypes {
  if (!isRecord(raw)) {
    throw new TypedDataError(['types'], 'must be an object mapping type names to their fields');
  }
  return new Map(Object.keys(raw).map((name) => [name, raw[name]]));
}

/**
 * One declared struct, checked strictly: its name, each field, and that each field's type is
 * atomic or declared. Only structs that are hashed are read this way; the others are dropped.
 */
export function parseStruct(declared: DeclaredTypes, name: string): readonly FieldDefinition[] {
  const path = ['types', name];
  if (!IDENTIFIER.test(name)) {
    throw new TypedDataError(path, `is not a valid type name (${NAME_RULE})`);
  }
  if (isReservedTypeName(name)) {
    throw new TypedDataError(path, 'is an atomic type name and cannot name a struct');
  }
  const fields = declared.get(name);
  if (!Array.isArray(fields)) {
    throw new TypedDataError(path, 'must list the fields as [{ name, type }, …]');
  }
  const seen = new Set<string>();
  const parsed = fields.map((field, i) => parseField(field, [...path, i], seen));
  parsed.forEach((field, i) => {
    checkFieldType(field.ref, declared, [...path, i, 'type']);
  });
  return parsed;
}
