// The EIP-712 domain: only the five fields the standard names, with their standard types. Signers
// (ethers included) derive the domain's type from the fields present, in this order, so a site's
// own EIP712Domain must say exactly that or the signature would cover another type than declared.

import { DOMAIN_TYPE, type FieldDefinition } from './definitions.ts';
import { TypedDataError } from './errors.ts';
import { isRecord } from './own.ts';

const DOMAIN_FIELDS: readonly FieldDefinition[] = [
  { name: 'name', type: 'string', ref: { base: 'string', dims: [] } },
  { name: 'version', type: 'string', ref: { base: 'string', dims: [] } },
  { name: 'chainId', type: 'uint256', ref: { base: 'uint256', dims: [] } },
  { name: 'verifyingContract', type: 'address', ref: { base: 'address', dims: [] } },
  { name: 'salt', type: 'bytes32', ref: { base: 'bytes32', dims: [] } },
];

const FIELD_LIST = DOMAIN_FIELDS.map((field) => field.name).join(', ');

function checkDeclared(declared: readonly FieldDefinition[]): void {
  let previous = -1;
  declared.forEach((field, i) => {
    const at = ['types', DOMAIN_TYPE, i];
    const index = DOMAIN_FIELDS.findIndex((standard) => standard.name === field.name);
    const standard = DOMAIN_FIELDS[index];
    if (!standard) {
      throw new TypedDataError([...at, 'name'], `is not an EIP-712 domain field (${FIELD_LIST})`);
    }
    if (field.type !== standard.type) {
      throw new TypedDataError([...at, 'type'], `must be ${standard.type} for ${field.name}`);
    }
    if (index < previous) {
      throw new TypedDataError(at, `is out of order: domain fields come as ${FIELD_LIST}`);
    }
    previous = index;
  });
}

/**
 * The domain's fields: the site's EIP712Domain when it sent one (the domain must then have
 * exactly those fields), else the standard fields the domain has.
 */
export function domainFieldsOf(
  declared: readonly FieldDefinition[] | undefined,
  domain: unknown,
): readonly FieldDefinition[] {
  if (!isRecord(domain)) throw new TypedDataError(['domain'], 'must be an object');
  if (declared) {
    checkDeclared(declared);
    const names = new Set(declared.map((field) => field.name));
    const extra = Object.keys(domain).find((key) => !names.has(key));
    if (extra !== undefined) {
      throw new TypedDataError(['domain', extra], `is not declared in types.${DOMAIN_TYPE}`);
    }
    const missing = declared.find((field) => !Object.hasOwn(domain, field.name));
    if (missing) {
      throw new TypedDataError(
        ['domain', missing.name],
        `is missing (types.${DOMAIN_TYPE} declares it)`,
      );
    }
    return declared;
  }
  const unknown = Object.keys(domain).find(
    (key) => !DOMAIN_FIELDS.some((field) => field.name === key),
  );
  if (unknown !== undefined) {
    throw new TypedDataError(['domain', unknown], `is not an EIP-712 domain field (${FIELD_LIST})`);
  }
  return DOMAIN_FIELDS.filter((field) => Object.hasOwn(domain, field.name));
}
