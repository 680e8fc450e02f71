// The last check before anything is shown: ethers, which signs, accepts exactly this data with
// this primary type as its root. The checks before it should make this unreachable; if they ever
// let something through that ethers reads differently, the request is refused, never signed.

import { TypedDataEncoder } from 'ethers';
import { DOMAIN_TYPE } from './definitions.ts';
import { TypedDataError } from './errors.ts';
import type { TypedDataField, TypedDataPayload } from './types.ts';

/** What ethers' signer takes: it derives EIP712Domain from the domain and refuses it in types. */
export function withoutDomainType(
  types: TypedDataPayload['types'],
): Record<string, TypedDataField[]> {
  return Object.fromEntries(Object.entries(types).filter(([name]) => name !== DOMAIN_TYPE));
}

export function assertSignable(typedData: TypedDataPayload): void {
  const types = withoutDomainType(typedData.types);
  let root: string;
  try {
    root = TypedDataEncoder.from(types).primaryType;
    TypedDataEncoder.hash(typedData.domain, types, typedData.message);
  } catch (error) {
    const reason = error instanceof Error ? (error.message.split(' (')[0] ?? '') : '';
    throw new TypedDataError([], `cannot be encoded${reason ? `: ${reason}` : ''}`);
  }
  if (root !== typedData.primaryType) {
    throw new TypedDataError(['primaryType'], `must be the root type (${root})`);
  }
}
