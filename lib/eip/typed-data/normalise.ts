// Typed data from a site → the one canonical form that is both shown and signed. Walks from the
// primary type: the message is checked against it, and only the structs it reaches are kept.

import {
  type DeclaredTypes,
  DOMAIN_TYPE,
  type FieldDefinition,
  parseStruct,
  readDeclaredTypes,
} from './definitions.ts';
import { domainFieldsOf } from './domain.ts';
import { readTypedDataInput } from './envelope.ts';
import { TypedDataError } from './errors.ts';
import { reachableTypes } from './reachable.ts';
import { assertSignable } from './signable.ts';
import type { TypedDataField, TypedDataPayload } from './types.ts';
import { normaliseStruct } from './value.ts';

function primaryTypeOf(raw: unknown, declared: DeclaredTypes): string {
  if (typeof raw !== 'string' || raw === '') {
    throw new TypedDataError(['primaryType'], 'must name the type of the message');
  }
  if (raw === DOMAIN_TYPE) {
    throw new TypedDataError(
      ['primaryType'],
      `cannot be ${DOMAIN_TYPE}: sign a message, not a domain`,
    );
  }
  if (!declared.has(raw)) throw new TypedDataError(['primaryType'], 'names no type in types');
  return raw;
}

const asFields = (fields: readonly FieldDefinition[]): TypedDataField[] =>
  fields.map(({ name, type }) => ({ name, type }));

/**
 * Checks every value against its declared type and returns the canonical typed data: integers as
 * decimal strings, checksummed addresses, lowercase hex, only declared fields in declared order,
 * and `types` holding EIP712Domain (as derived from the domain) and the types the primary type
 * reaches (any other declared type is dropped).
 * Throws TypedDataError naming the path of the first problem.
 */
export function normaliseTypedData(raw: unknown): TypedDataPayload {
  const input = readTypedDataInput(raw);
  const declared = readDeclaredTypes(input.types);
  const primaryType = primaryTypeOf(input.primaryType, declared);
  // Only what EIP-712 hashes: types the primary type never reaches are dropped, not refused.
  const definitions = reachableTypes(declared, primaryType);
  const domainType = declared.has(DOMAIN_TYPE) ? parseStruct(declared, DOMAIN_TYPE) : undefined;
  const domainFields = domainFieldsOf(domainType, input.domain);
  const domain = normaliseStruct(
    definitions,
    DOMAIN_TYPE,
    domainFields,
    input.domain,
    ['domain'],
    0,
  );
  const fields = definitions.get(primaryType) ?? [];
  const message = normaliseStruct(definitions, primaryType, fields, input.message, ['message'], 0);
  const types: Record<string, TypedDataField[]> = Object.fromEntries([
    [DOMAIN_TYPE, asFields(domainFields)],
    ...[...definitions].map(([name, fields]) => [name, asFields(fields)] as const),
  ]);
  const typedData = { domain, types, primaryType, message };
  assertSignable(typedData);
  return typedData;
}
