// Permits asked as typed-data signatures, read the way the signature request reads them: from
// the canonical typed data (lib/eip), by the shape of the primary type.

import { describe, expect, it } from 'vitest';
import { normaliseTypedData } from '../../../lib/eip/index.ts';
import { permitGrantOf } from '../../../lib/transactions/index.ts';

const ACCOUNT = '0x19E7E376E7C213B7E7e7e46cc70A5dD086DAff2A';
const OTHER = '0x1111111111111111111111111111111111111111';
const SPENDER = '0x2222222222222222222222222222222222222222';
const TOKEN = '0x3333333333333333333333333333333333333333';
const TOKEN_B = '0x4444444444444444444444444444444444444444';
const PERMIT2 = '0x000000000022D473030F116dDEE9F6B43aC78BA3';
const MAX_UINT256 = (2n ** 256n - 1n).toString();
const MAX_UINT160 = (2n ** 160n - 1n).toString();

const domainType = [
  { name: 'name', type: 'string' },
  { name: 'version', type: 'string' },
  { name: 'chainId', type: 'uint256' },
  { name: 'verifyingContract', type: 'address' },
];
const tokenDomain = { name: 'Coin', version: '1', chainId: 1, verifyingContract: TOKEN };
const permit2Domain = [
  { name: 'name', type: 'string' },
  { name: 'chainId', type: 'uint256' },
  { name: 'verifyingContract', type: 'address' },
];

function erc2612(primaryType: string, owner: string, value: string) {
  return normaliseTypedData({
    types: {
      EIP712Domain: domainType,
      [primaryType]: [
        { name: 'owner', type: 'address' },
        { name: 'spender', type: 'address' },
        { name: 'value', type: 'uint256' },
        { name: 'nonce', type: 'uint256' },
        { name: 'deadline', type: 'uint256' },
      ],
    },
    primaryType,
    domain: tokenDomain,
    message: { owner, spender: SPENDER, value, nonce: 0, deadline: 1_900_000_000 },
  });
}

function dai(holder: string, allowed: boolean) {
  return normaliseTypedData({
    types: {
      EIP712Domain: domainType,
      Permit: [
        { name: 'holder', type: 'address' },
        { name: 'spender', type: 'address' },
        { name: 'nonce', type: 'uint256' },
        { name: 'expiry', type: 'uint256' },
        { name: 'allowed', type: 'bool' },
      ],
    },
    primaryType: 'Permit',
    domain: tokenDomain,
    message: { holder, spender: SPENDER, nonce: 0, expiry: 1_900_000_000, allowed },
  });
}

const permitDetails = [
  { name: 'token', type: 'address' },
  { name: 'amount', type: 'uint160' },
  { name: 'expiration', type: 'uint48' },
  { name: 'nonce', type: 'uint48' },
];

function permitSingle(primaryType: string, amount: string) {
  return normaliseTypedData({
    types: {
      EIP712Domain: permit2Domain,
      [primaryType]: [
        { name: 'details', type: 'PermitDetails' },
        { name: 'spender', type: 'address' },
        { name: 'sigDeadline', type: 'uint256' },
      ],
      PermitDetails: permitDetails,
    },
    primaryType,
    domain: { name: 'Permit2', chainId: 1, verifyingContract: PERMIT2 },
    message: {
      details: { token: TOKEN, amount, expiration: 1_900_000_000, nonce: 0 },
      spender: SPENDER,
      sigDeadline: 1_800_000_000,
    },
  });
}

const permitBatch = normaliseTypedData({
  types: {
    EIP712Domain: permit2Domain,
    PermitBatch: [
      { name: 'details', type: 'PermitDetails[]' },
      { name: 'spender', type: 'address' },
      { name: 'sigDeadline', type: 'uint256' },
    ],
    PermitDetails: permitDetails,
  },
  primaryType: 'PermitBatch',
  domain: { name: 'Permit2', chainId: 1, verifyingContract: PERMIT2 },
  message: {
    details: [
      { token: TOKEN, amount: 5, expiration: 1_900_000_000, nonce: 0 },
      { token: TOKEN_B, amount: MAX_UINT160, expiration: 1_950_000_000, nonce: 0 },
    ],
    spender: SPENDER,
    sigDeadline: 1_800_000_000,
  },
});

const tokenPermissions = [
  { name: 'token', type: 'address' },
  { name: 'amount', type: 'uint256' },
];

function transferFrom(primaryType: string, batch: boolean, witness = false) {
  const permitted = [
    { token: TOKEN, amount: 7 },
    { token: TOKEN_B, amount: 9 },
  ];
  return normaliseTypedData({
    types: {
      EIP712Domain: permit2Domain,
      [primaryType]: [
        { name: 'permitted', type: batch ? 'TokenPermissions[]' : 'TokenPermissions' },
        { name: 'spender', type: 'address' },
        { name: 'nonce', type: 'uint256' },
        { name: 'deadline', type: 'uint256' },
        ...(witness ? [{ name: 'witness', type: 'Order' }] : []),
      ],
      TokenPermissions: tokenPermissions,
      ...(witness ? { Order: [{ name: 'price', type: 'uint256' }] } : {}),
    },
    primaryType,
    domain: { name: 'Permit2', chainId: 1, verifyingContract: PERMIT2 },
    message: {
      permitted: batch ? permitted : permitted[0],
      spender: SPENDER,
      nonce: 1,
      deadline: 1_800_000_000,
      ...(witness ? { witness: { price: 1 } } : {}),
    },
  });
}

const erc721 = normaliseTypedData({
  types: {
    EIP712Domain: domainType,
    Permit: [
      { name: 'spender', type: 'address' },
      { name: 'tokenId', type: 'uint256' },
      { name: 'nonce', type: 'uint256' },
      { name: 'deadline', type: 'uint256' },
    ],
  },
  primaryType: 'Permit',
  domain: tokenDomain,
  message: { spender: SPENDER, tokenId: 42, nonce: 0, deadline: 1_900_000_000 },
});

describe('permits asked as typed-data signatures', () => {
  it('attack: an EIP-2612 permit of the account grants its value of the domain’s token', () => {
    expect(permitGrantOf(erc2612('Permit', ACCOUNT, '1000'), ACCOUNT)).toEqual({
      kind: 'erc2612',
      effect: 'approval',
      spender: SPENDER,
      tokens: [{ token: TOKEN, amount: '1000', tokenId: null, uncapped: false }],
      expiry: null,
      deadline: '1900000000',
      uncapped: false,
    });
    expect(permitGrantOf(erc2612('Permit', ACCOUNT, MAX_UINT256), ACCOUNT)?.uncapped).toBe(true);
  });

  it('attack: a renamed primary type with the shape of a permit reads the same', () => {
    const renamed = permitGrantOf(erc2612('HarmlessLogin', ACCOUNT, MAX_UINT256), ACCOUNT);
    expect(renamed).toMatchObject({ kind: 'erc2612', spender: SPENDER, uncapped: true });
    const single = permitGrantOf(permitSingle('Hello', '5'), ACCOUNT);
    expect(single).toMatchObject({ kind: 'permit2-allowance', spender: SPENDER });
    expect(permitGrantOf(transferFrom('Greeting', false), ACCOUNT)?.kind).toBe('permit2-transfer');
  });

  it('attack: DAI’s permit with allowed grants everything, without a cap', () => {
    expect(permitGrantOf(dai(ACCOUNT, true), ACCOUNT)).toEqual({
      kind: 'dai',
      effect: 'approval',
      spender: SPENDER,
      tokens: [{ token: TOKEN, amount: null, tokenId: null, uncapped: true }],
      expiry: '1900000000',
      deadline: '1900000000',
      uncapped: true,
    });
  });

  it('attack: Permit2 PermitSingle and PermitBatch grant each token’s amount until its expiration', () => {
    expect(permitGrantOf(permitSingle('PermitSingle', '5'), ACCOUNT)).toEqual({
      kind: 'permit2-allowance',
      effect: 'approval',
      spender: SPENDER,
      tokens: [{ token: TOKEN, amount: '5', tokenId: null, uncapped: false }],
      expiry: '1900000000',
      deadline: '1800000000',
      uncapped: false,
    });
    expect(permitGrantOf(permitSingle('PermitSingle', MAX_UINT160), ACCOUNT)?.uncapped).toBe(true);
    const batch = permitGrantOf(permitBatch, ACCOUNT);
    expect(batch?.tokens.map((token) => [token.token, token.amount, token.uncapped])).toEqual([
      [TOKEN, '5', false],
      [TOKEN_B, MAX_UINT160, true],
    ]);
    expect(batch).toMatchObject({ expiry: '1950000000', uncapped: true });
  });

  it('attack: Permit2 PermitTransferFrom and PermitBatchTransferFrom (with a witness) transfer the tokens', () => {
    expect(permitGrantOf(transferFrom('PermitTransferFrom', false), ACCOUNT)).toEqual({
      kind: 'permit2-transfer',
      effect: 'transfer',
      spender: SPENDER,
      tokens: [{ token: TOKEN, amount: '7', tokenId: null, uncapped: false }],
      expiry: null,
      deadline: '1800000000',
      uncapped: false,
    });
    const batch = permitGrantOf(
      transferFrom('PermitBatchWitnessTransferFrom', true, true),
      ACCOUNT,
    );
    expect(batch?.tokens.map((token) => token.token)).toEqual([TOKEN, TOKEN_B]);
  });

  it('attack: an ERC-721 permit lets the spender take one token', () => {
    expect(permitGrantOf(erc721, ACCOUNT)).toEqual({
      kind: 'erc721',
      effect: 'approval',
      spender: SPENDER,
      tokens: [{ token: TOKEN, amount: null, tokenId: '42', uncapped: false }],
      expiry: null,
      deadline: '1900000000',
      uncapped: false,
    });
  });

  it('attack: an EIP-3009 TransferWithAuthorization (USDC) of the account transfers its value to `to`', () => {
    const authorization = (primaryType: string, from: string, value: string) =>
      normaliseTypedData({
        types: {
          EIP712Domain: domainType,
          [primaryType]: [
            { name: 'from', type: 'address' },
            { name: 'to', type: 'address' },
            { name: 'value', type: 'uint256' },
            { name: 'validAfter', type: 'uint256' },
            { name: 'validBefore', type: 'uint256' },
            { name: 'nonce', type: 'bytes32' },
          ],
        },
        primaryType,
        domain: tokenDomain,
        message: {
          from,
          to: SPENDER,
          value,
          validAfter: 0,
          validBefore: 1_900_000_000,
          nonce: `0x${'11'.repeat(32)}`,
        },
      });
    const expected = {
      kind: 'eip3009',
      effect: 'transfer',
      spender: SPENDER,
      tokens: [{ token: TOKEN, amount: '5000000', tokenId: null, uncapped: false }],
      expiry: null,
      deadline: '1900000000',
      uncapped: false,
    };
    expect(
      permitGrantOf(authorization('TransferWithAuthorization', ACCOUNT, '5000000'), ACCOUNT),
    ).toEqual(expected);
    expect(
      permitGrantOf(authorization('ReceiveWithAuthorization', ACCOUNT, '5000000'), ACCOUNT),
    ).toEqual(expected);
    expect(permitGrantOf(authorization('Harmless', ACCOUNT, '5000000'), ACCOUNT)).toEqual(expected);
    expect(
      permitGrantOf(authorization('TransferWithAuthorization', OTHER, '5000000'), ACCOUNT),
    ).toBeNull();
    expect(
      permitGrantOf(authorization('TransferWithAuthorization', ACCOUNT, '0'), ACCOUNT),
    ).toBeNull();
  });

  it('a permit of another owner, a revocation and other typed data grant nothing of the account’s', () => {
    expect(permitGrantOf(erc2612('Permit', OTHER, '1000'), ACCOUNT)).toBeNull();
    expect(permitGrantOf(dai(OTHER, true), ACCOUNT)).toBeNull();
    expect(permitGrantOf(dai(ACCOUNT, false), ACCOUNT)).toBeNull();
    expect(permitGrantOf(erc2612('Permit', ACCOUNT, '0'), ACCOUNT)).toBeNull();
    const mail = normaliseTypedData({
      types: {
        EIP712Domain: domainType,
        Mail: [
          { name: 'to', type: 'address' },
          { name: 'contents', type: 'string' },
        ],
      },
      primaryType: 'Mail',
      domain: tokenDomain,
      message: { to: SPENDER, contents: 'hello' },
    });
    expect(permitGrantOf(mail, ACCOUNT)).toBeNull();
  });

  it('reads the owner whatever case the site wrote it in', () => {
    expect(permitGrantOf(erc2612('Permit', ACCOUNT.toLowerCase(), '1'), ACCOUNT)).not.toBeNull();
  });
});
