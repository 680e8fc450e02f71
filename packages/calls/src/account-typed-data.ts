// Typed data that would authorize something in the listener's own account, found before anything
// is signed. EncoreAccount runs whatever user operation its address signed (the EntryPoint's
// EIP-712 hash: domain "ERC4337", the pinned EntryPoint as verifyingContract), so such a signature
// asked for by a site would move the account's funds with no window, limit or password of
// Encore's. Refused: a domain whose verifyingContract is a pinned EntryPoint, a pinned delegate or
// the account itself; any struct shaped like a user operation (a `sender` address with a user
// operation's fields, under any type name) whose sender is the account; and any ERC-7710
// delegation (a struct with a `delegator` address, an `authority` and `caveats`, under any
// domain): EncoreAccount accepts the DelegationManager's redemptions of a delegation its key
// signed (ERC-1271), so a delegation signed here would let its delegate spend from the account.
// Spend permissions are granted through their own window, never as typed data a site composed.
import type { DelegateTable } from './delegates.ts';
import { AccountAuthorizationError } from './errors.ts';

/** The part of canonical typed data (lib/eip's TypedDataPayload) the check reads. */
export interface TypedDataToCheck {
  readonly domain: Readonly<Record<string, unknown>>;
  readonly types: Readonly<Record<string, readonly { name: string; type: string }[]>>;
  readonly primaryType: string;
  readonly message: Readonly<Record<string, unknown>>;
}

/** Fields only a user operation carries (any ERC-4337 version's, packed or not). */
const USER_OPERATION_FIELDS = new Set([
  'initCode',
  'callData',
  'accountGasLimits',
  'preVerificationGas',
  'gasFees',
  'paymasterAndData',
  'callGasLimit',
  'verificationGasLimit',
  'maxFeePerGas',
  'maxPriorityFeePerGas',
  'factory',
  'factoryData',
  'paymaster',
  'paymasterData',
]);

const same = (a: unknown, b: string): boolean =>
  typeof a === 'string' && a.toLowerCase() === b.toLowerCase();

/** Why `verifyingContract` belongs to the account's own machinery, or null. */
function verifierRole(address: unknown, account: string, table: DelegateTable): string | null {
  if (same(address, account)) return 'the account itself';
  for (const pinned of table.values()) {
    if (same(address, pinned.entryPoint)) {
      return `the EntryPoint Encore's account contract trusts on chain ${pinned.chainId}`;
    }
    if (same(address, pinned.address)) {
      return `Encore's account contract on chain ${pinned.chainId}`;
    }
  }
  return null;
}

/** The struct types that look like a user operation: a `sender` address and a user-op field. */
function userOperationShapes(types: TypedDataToCheck['types']): Set<string> {
  const shapes = new Set<string>();
  for (const [name, fields] of Object.entries(types)) {
    if (name === 'EIP712Domain') continue;
    const hasSender = fields.some((f) => f.name === 'sender' && f.type === 'address');
    if (hasSender && fields.some((f) => USER_OPERATION_FIELDS.has(f.name))) shapes.add(name);
  }
  return shapes;
}

/** The struct types shaped like an ERC-7710 delegation: a `delegator` address, `authority`, `caveats`. */
function delegationShapes(types: TypedDataToCheck['types']): string[] {
  return Object.entries(types).flatMap(([name, fields]) => {
    if (name === 'EIP712Domain') return [];
    const has = (field: string) => fields.some((f) => f.name === field);
    const delegator = fields.some((f) => f.name === 'delegator' && f.type === 'address');
    return delegator && has('authority') && has('caveats') ? [name] : [];
  });
}

/** The path (below the message) of a user-operation-shaped struct whose sender is `account`. */
function findOwnOperation(
  types: TypedDataToCheck['types'],
  shapes: ReadonlySet<string>,
  type: string,
  value: unknown,
  account: string,
  path: (string | number)[],
): (string | number)[] | null {
  const array = /^(.*)\[\d*\]$/.exec(type);
  if (array) {
    if (!Array.isArray(value)) return null;
    for (const [index, item] of value.entries()) {
      const found = findOwnOperation(types, shapes, array[1] ?? '', item, account, [
        ...path,
        index,
      ]);
      if (found) return found;
    }
    return null;
  }
  const fields = types[type];
  if (!fields || typeof value !== 'object' || value === null) return null;
  const struct = value as Record<string, unknown>;
  if (shapes.has(type) && same(struct.sender, account)) return [...path, 'sender'];
  for (const field of fields) {
    const found = findOwnOperation(types, shapes, field.type, struct[field.name], account, [
      ...path,
      field.name,
    ]);
    if (found) return found;
  }
  return null;
}

/**
 * Throws AccountAuthorizationError when signing `typed` as `account` could authorize something in
 * the account (see the file's comment); returns otherwise. `table`: every pinned delegate.
 */
export function refuseAccountAuthorization(
  typed: TypedDataToCheck,
  account: string,
  table: DelegateTable,
): void {
  const role = verifierRole(typed.domain.verifyingContract, account, table);
  if (role) {
    throw new AccountAuthorizationError(
      ['domain', 'verifyingContract'],
      `is ${role}: a signature under this domain could act for the account without Encore's window, limit or password`,
    );
  }
  const delegation = delegationShapes(typed.types)[0];
  if (delegation !== undefined) {
    throw new AccountAuthorizationError(
      ['types', delegation],
      "is an ERC-7710 delegation: a signature would let its delegate spend from the account without Encore's window, limit or password",
    );
  }
  const shapes = userOperationShapes(typed.types);
  if (shapes.size === 0) return;
  const path = findOwnOperation(typed.types, shapes, typed.primaryType, typed.message, account, []);
  if (path) {
    throw new AccountAuthorizationError(
      ['message', ...path],
      "is this account: this is a user operation of the account, which would spend from it without Encore's window, limit or password",
    );
  }
}
