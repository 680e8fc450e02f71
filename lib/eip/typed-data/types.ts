// Typed data (EIP-712) in the canonical form Encore shows and signs.

/** A typed-data value in canonical form: integers as decimal strings, hex lowercase, addresses
 * checksummed, structs holding only their declared fields in declared order. */
export type TypedDataValue =
  | string
  | boolean
  | TypedDataValue[]
  | { [field: string]: TypedDataValue };

export interface TypedDataField {
  name: string;
  type: string;
}

export interface TypedDataPayload {
  domain: Record<string, TypedDataValue>;
  /** EIP712Domain (as derived from the domain) and the structs the message uses. */
  types: Record<string, TypedDataField[]>;
  primaryType: string;
  message: Record<string, TypedDataValue>;
}
