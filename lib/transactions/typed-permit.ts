// What a typed-data signature gives away when it is a permit: an approval (or a transfer) of the
// listener's tokens that the site can submit itself, with no transaction from the account. Read
// from the shape of the primary type (field names and types of the canonical typed data, lib/eip),
// never from its name alone, so a renamed `Permit` reads the same:
//
// - EIP-2612: `(owner, spender, value, nonce, deadline)`, the token being the domain's contract;
// - DAI: `(holder, spender, nonce, expiry, allowed)`, where `allowed` grants everything;
// - Uniswap Permit2 AllowanceTransfer: `(details, spender, sigDeadline)` with one or many
//   `(token, amount, expiration, nonce)`;
// - Uniswap Permit2 SignatureTransfer: `(permitted, spender, nonce, deadline)` with one or many
//   `(token, amount)`, extra witness fields included; the signer is the owner;
// - ERC-721 (ERC-4494): `(spender, tokenId, nonce, deadline)`, the signer being the token's owner;
// - EIP-3009 (USDC's `TransferWithAuthorization`, `ReceiveWithAuthorization`): `(from, to, value,
//   validAfter, validBefore, nonce)`, a transfer of the domain's token that anyone (or `to`) can
//   submit, with no approval before it.
//
// An EIP-2612 or DAI permit whose owner is another address is not the account's to give: it
// counts nothing. An amount of 0 and a DAI permit with `allowed` false revoke, and count nothing.

import { LARGE_APPROVAL } from './amounts.ts';

/** Typed data as lib/eip normalises it (integers as decimal strings, checksummed addresses). */
export interface TypedDataToRead {
  readonly domain: Readonly<Record<string, unknown>>;
  readonly types: Readonly<Record<string, readonly { name: string; type: string }[]>>;
  readonly primaryType: string;
  readonly message: Readonly<Record<string, unknown>>;
}

export type PermitKind =
  | 'erc2612'
  | 'dai'
  | 'permit2-allowance'
  | 'permit2-transfer'
  | 'erc721'
  | 'eip3009';

export interface PermitToken {
  /** The token contract, or null when the typed data names none (no verifying contract). */
  readonly token: string | null;
  /** Raw amount, decimal; null for an ERC-721 permit (one token id) or DAI's (no amount). */
  readonly amount: string | null;
  /** The ERC-721 token id, decimal; null otherwise. */
  readonly tokenId: string | null;
  /** Unlimited or above 2^128 (max uint160, max uint256), or DAI's `allowed`. */
  readonly uncapped: boolean;
}

export interface PermitGrant {
  readonly kind: PermitKind;
  /** An approval lets `spender` take the tokens later; a transfer lets it take them now. */
  readonly effect: 'approval' | 'transfer';
  readonly spender: string;
  readonly tokens: readonly PermitToken[];
  /** When the allowance ends (Unix seconds, decimal), for Permit2 allowances and DAI; else null. */
  readonly expiry: string | null;
  /** The last second (Unix time, decimal) the signature may be used. */
  readonly deadline: string | null;
  /** Some token is granted without a cap: over any daily limit. */
  readonly uncapped: boolean;
}

type Fields = readonly { name: string; type: string }[];

const isUint = (type: string | undefined): boolean => type !== undefined && /^uint\d*$/.test(type);

function fieldType(fields: Fields, name: string): string | undefined {
  return fields.find((field) => field.name === name)?.type;
}

/** Whether `fields` has each of `wanted`: 'address', 'bool', 'uint' (any width). */
function hasShape(fields: Fields, wanted: Readonly<Record<string, 'address' | 'bool' | 'uint'>>) {
  return Object.entries(wanted).every(([name, kind]) => {
    const type = fieldType(fields, name);
    return kind === 'uint' ? isUint(type) : type === kind;
  });
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const same = (a: unknown, b: string): boolean =>
  typeof a === 'string' && a.toLowerCase() === b.toLowerCase();
const amountOf = (value: unknown): bigint => {
  const raw = text(value);
  return /^\d+$/.test(raw) ? BigInt(raw) : 0n;
};

/** A struct field holding one `shape` or an array of them: the struct's fields and values. */
function structsOf(
  data: TypedDataToRead,
  fields: Fields,
  name: string,
  value: unknown,
  wanted: Readonly<Record<string, 'address' | 'bool' | 'uint'>>,
): Readonly<Record<string, unknown>>[] | null {
  const type = fieldType(fields, name);
  if (type === undefined) return null;
  const many = type.endsWith('[]');
  const struct = data.types[many ? type.slice(0, -2) : type];
  if (!struct || !hasShape(struct, wanted)) return null;
  const items = many ? value : [value];
  if (!Array.isArray(items)) return null;
  return items.filter(
    (item): item is Readonly<Record<string, unknown>> => typeof item === 'object' && item !== null,
  );
}

function tokenAmount(token: unknown, amount: unknown): PermitToken | null {
  const raw = amountOf(amount);
  if (raw === 0n) return null;
  return {
    token: text(token) || null,
    amount: raw.toString(),
    tokenId: null,
    uncapped: raw >= LARGE_APPROVAL,
  };
}

function grant(
  kind: PermitKind,
  effect: PermitGrant['effect'],
  spender: unknown,
  tokens: (PermitToken | null)[],
  expiry: unknown,
  deadline: unknown,
): PermitGrant | null {
  const granted = tokens.filter((token): token is PermitToken => token !== null);
  if (granted.length === 0) return null;
  return {
    kind,
    effect,
    spender: text(spender),
    tokens: granted,
    expiry: expiry === undefined ? null : text(expiry) || null,
    deadline: deadline === undefined ? null : text(deadline) || null,
    uncapped: granted.some((token) => token.uncapped),
  };
}

/**
 * The tokens that signing `data` as `account` lets another address take, or null when it is no
 * permit (or one that grants nothing of the account's).
 */
export function permitGrantOf(data: TypedDataToRead, account: string): PermitGrant | null {
  const fields = data.types[data.primaryType];
  if (!fields) return null;
  const message = data.message;
  const contract = text(data.domain.verifyingContract) || null;

  if (hasShape(fields, { owner: 'address', spender: 'address', value: 'uint', deadline: 'uint' })) {
    if (!same(message.owner, account)) return null;
    const token = tokenAmount(contract, message.value);
    return grant('erc2612', 'approval', message.spender, [token], undefined, message.deadline);
  }
  if (
    hasShape(fields, { holder: 'address', spender: 'address', expiry: 'uint', allowed: 'bool' })
  ) {
    if (!same(message.holder, account) || message.allowed !== true) return null;
    const everything = { token: contract, amount: null, tokenId: null, uncapped: true };
    return grant('dai', 'approval', message.spender, [everything], message.expiry, message.expiry);
  }
  if (hasShape(fields, { spender: 'address', sigDeadline: 'uint' })) {
    const details = structsOf(data, fields, 'details', message.details, {
      token: 'address',
      amount: 'uint',
      expiration: 'uint',
    });
    if (details) {
      const tokens = details.map((detail) => tokenAmount(detail.token, detail.amount));
      // A batch may give each token its own expiration: the window shows the latest.
      let latest = 0n;
      for (const detail of details) {
        const at = amountOf(detail.expiration);
        if (at > latest) latest = at;
      }
      const expiry = latest.toString();
      return grant(
        'permit2-allowance',
        'approval',
        message.spender,
        tokens,
        expiry,
        message.sigDeadline,
      );
    }
  }
  if (hasShape(fields, { spender: 'address', deadline: 'uint' })) {
    const permitted = structsOf(data, fields, 'permitted', message.permitted, {
      token: 'address',
      amount: 'uint',
    });
    if (permitted) {
      const tokens = permitted.map((item) => tokenAmount(item.token, item.amount));
      return grant(
        'permit2-transfer',
        'transfer',
        message.spender,
        tokens,
        undefined,
        message.deadline,
      );
    }
  }
  if (hasShape(fields, { from: 'address', to: 'address', value: 'uint', validBefore: 'uint' })) {
    // EIP-3009: the tokens go to `to` as soon as the signature is submitted.
    if (!same(message.from, account)) return null;
    const token = tokenAmount(contract, message.value);
    return grant('eip3009', 'transfer', message.to, [token], undefined, message.validBefore);
  }
  if (hasShape(fields, { spender: 'address', tokenId: 'uint', deadline: 'uint' })) {
    const tokenId = text(message.tokenId);
    const token = { token: contract, amount: null, tokenId, uncapped: false };
    return grant('erc721', 'approval', message.spender, [token], undefined, message.deadline);
  }
  return null;
}
