// Typed data from a site → the one canonical form that is both shown and signed. Walks from the
// primary type: the message is checked against it, and every declared struct must be one the
// message uses.

import {
  DOMAIN_TYPE,
  type FieldDefinition,
  parseTypeDefinitions,
  type TypeDefinitions,
} from './definitions.ts';
import { domainFieldsOf } from './domain.ts';
import { readTypedDataInput } from './envelope.ts';
import { TypedDataError } from './errors.ts';
import { reachableTypes } from './reachable.ts';
import { assertSignable } from './signable.ts';
import type { TypedDataField, TypedDataPayload } from './types.ts';
import { normaliseStruct } from './value.ts';

function primaryTypeOf(raw: unknown, definitions: TypeDefinitions): string {
  if (typeof raw !== 'string' || raw === '') {
    throw new TypedDataError(['primaryType'], 'must name the type of the message');
  }
  if (raw === DOMAIN_TYPE) {
    throw new TypedDataError(
      ['primaryType'],
      `cannot be ${DOMAIN_TYPE}: sign a message, not a domain`,
    );
  }
  if (!definitions.has(raw)) throw new TypedDataError(['primaryType'], 'names no type in types');
  return raw;
}

/**
 * A declared struct the primary type never reaches is never shown, and ethers will not sign next
 * to it: refused, in this one place (dropping such types instead would change only this step).
 */
function refuseUnused(
  definitions: TypeDefinitions,
  used: readonly string[],
  primaryType: string,
): void {
  for (const name of definitions.keys()) {
    if (name !== DOMAIN_TYPE && !used.includes(name)) {
      throw new TypedDataError(['types', name], `is not used by the primary type ${primaryType}`);
    }
  }
}

const asFields = (fields: readonly FieldDefinition[]): TypedDataField[] =>
  fields.map(({ name, type }) => ({ name, type }));

/**
 * Checks every value against its declared type and returns the canonical typed data: integers as
 * decimal strings, checksummed addresses, lowercase hex, only declared fields in declared order,
 * and `types` holding EIP712Domain (as derived from the domain) and the types the message uses.
 * Throws TypedDataError naming the path of the first problem.
 */
export function normaliseTypedData(raw: unknown): TypedDataPayload {
  const input = readTypedDataInput(raw);
  const definitions = parseTypeDefinitions(input.types);
  const primaryType = primaryTypeOf(input.primaryType, definitions);
  const used = reachableTypes(definitions, primaryType);
  refuseUnused(definitions, used, primaryType);
  const domainFields = domainFieldsOf(definitions.get(DOMAIN_TYPE), input.domain);
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
    ...used.map((name) => [name, asFields(definitions.get(name) ?? [])] as const),
  ]);
  const typedData = { domain, types, primaryType, message };
  assertSignable(typedData);
  return typedData;
}
