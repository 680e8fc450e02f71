// A value checked against its declared type, recursively, and rebuilt in canonical form: only
// declared fields, in declared order, each in the one form atomic.ts gives it.

import { normaliseAtomic } from './atomic.ts';
import type { FieldDefinition, TypeDefinitions } from './definitions.ts';
import { TypedDataError, type TypedDataPath } from './errors.ts';
import { MAX_TYPED_DATA_ARRAY_LENGTH, MAX_TYPED_DATA_DEPTH } from './limits.ts';
import { isRecord } from './own.ts';
import { elementOf, formatTypeRef, type TypeRef } from './type-string.ts';
import type { TypedDataValue } from './types.ts';

function checkDepth(depth: number, path: TypedDataPath): void {
  if (depth > MAX_TYPED_DATA_DEPTH) {
    throw new TypedDataError(path, `nests deeper than ${MAX_TYPED_DATA_DEPTH} levels`);
  }
}

export function normaliseStruct(
  definitions: TypeDefinitions,
  typeName: string,
  fields: readonly FieldDefinition[],
  value: unknown,
  path: TypedDataPath,
  depth: number,
): Record<string, TypedDataValue> {
  checkDepth(depth, path);
  if (!isRecord(value)) throw new TypedDataError(path, `must be an object (${typeName})`);
  const declared = new Set(fields.map((field) => field.name));
  const extra = Object.keys(value).find((key) => !declared.has(key));
  if (extra !== undefined) {
    throw new TypedDataError([...path, extra], `is not a field of ${typeName}`);
  }
  // fromEntries defines own properties, so even a field named __proto__ stays data.
  return Object.fromEntries(
    fields.map((field) => {
      const at = [...path, field.name];
      if (!Object.hasOwn(value, field.name)) {
        throw new TypedDataError(
          at,
          `is missing (${typeName} declares ${field.type} ${field.name})`,
        );
      }
      return [field.name, normaliseValue(definitions, field.ref, value[field.name], at, depth + 1)];
    }),
  );
}

function normaliseArray(
  definitions: TypeDefinitions,
  type: TypeRef,
  value: unknown,
  path: TypedDataPath,
  depth: number,
): TypedDataValue[] {
  checkDepth(depth, path);
  const written = formatTypeRef(type);
  if (!Array.isArray(value)) throw new TypedDataError(path, `must be an array (${written})`);
  const length = type.dims[type.dims.length - 1];
  if (length !== undefined && length !== null && value.length !== length) {
    throw new TypedDataError(
      path,
      `must have exactly ${length} elements (${written}), not ${value.length}`,
    );
  }
  if (value.length > MAX_TYPED_DATA_ARRAY_LENGTH) {
    throw new TypedDataError(path, `has more than ${MAX_TYPED_DATA_ARRAY_LENGTH} elements`);
  }
  const element = elementOf(type);
  const items: TypedDataValue[] = [];
  for (let i = 0; i < value.length; i++) {
    items.push(normaliseValue(definitions, element, value[i], [...path, i], depth + 1));
  }
  return items;
}

function normaliseValue(
  definitions: TypeDefinitions,
  type: TypeRef,
  value: unknown,
  path: TypedDataPath,
  depth: number,
): TypedDataValue {
  if (type.dims.length > 0) return normaliseArray(definitions, type, value, path, depth);
  const fields = definitions.get(type.base);
  if (fields) return normaliseStruct(definitions, type.base, fields, value, path, depth);
  return normaliseAtomic(type.base, value, path);
}
