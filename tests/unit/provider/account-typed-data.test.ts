// A connected site asks eth_signTypedData_v4 for a signature that would act for the listener's own
// account: a user operation its delegate would run, or anything under the domain of the account's
// EntryPoint, delegate or address. Each is refused with -32602 before any window opens.

import type { DelegateTable } from '@encore-wallet/calls';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ProviderRpcError } from '../../../lib/extension/protocol/index.ts';
import { runRpcRequest } from '../../../lib/extension/rpc/index.ts';
import { type FakeWorld, fakeWorld, WALLET } from './support/fake-deps.ts';
import { mail } from './support/typed-data-examples.ts';

const SITE = 'https://music.example';
const ENTRY_POINT = '0x4337084D9E255Ff0702461CF8895CE9E3b5Ff108';
const DELEGATE = '0xD1D1D1d1D1d1d1D1D1d1d1d1d1D1d1D1d1d1d1D1';
const OTHER_CHAIN_ENTRY_POINT = '0xE0E0e0E0e0E0e0e0E0E0e0e0E0e0e0E0E0E0E0e0';
const MANAGER = '0xdb9B1e94B5b69Df7e401DDbedE43491141047dB3';
const ENFORCERS = {
  NativeTokenPeriodTransferEnforcer: '0x1111111111111111111111111111111111111111',
  ERC20PeriodTransferEnforcer: '0x3333333333333333333333333333333333333333',
  ExactCalldataEnforcer: '0x4444444444444444444444444444444444444444',
  ValueLteEnforcer: '0x5555555555555555555555555555555555555555',
  TimestampEnforcer: '0x6666666666666666666666666666666666666666',
} as const;
const STRANGER = '0x2222222222222222222222222222222222222222';

const TABLE: DelegateTable = new Map([
  [
    1,
    {
      chainId: 1,
      address: DELEGATE,
      codeHash: `0x${'ab'.repeat(32)}`,
      entryPoint: ENTRY_POINT,
      delegationManager: MANAGER,
      caveatEnforcers: ENFORCERS,
    },
  ],
  [
    10,
    {
      chainId: 10,
      address: DELEGATE,
      codeHash: `0x${'ab'.repeat(32)}`,
      entryPoint: OTHER_CHAIN_ENTRY_POINT,
      delegationManager: MANAGER,
      caveatEnforcers: ENFORCERS,
    },
  ],
]);

const DOMAIN_TYPE = [
  { name: 'name', type: 'string' },
  { name: 'version', type: 'string' },
  { name: 'chainId', type: 'uint256' },
  { name: 'verifyingContract', type: 'address' },
];

const USER_OP_FIELDS = [
  { name: 'sender', type: 'address' },
  { name: 'nonce', type: 'uint256' },
  { name: 'initCode', type: 'bytes' },
  { name: 'callData', type: 'bytes' },
  { name: 'accountGasLimits', type: 'bytes32' },
  { name: 'preVerificationGas', type: 'uint256' },
  { name: 'gasFees', type: 'bytes32' },
  { name: 'paymasterAndData', type: 'bytes' },
];

/** `execute` of everything to the site: what a hostile site would put in callData. */
function operation(sender: string) {
  return {
    sender,
    nonce: (0xffff_ffff_ffffn << 64n).toString(),
    initCode: DELEGATE.toLowerCase(),
    callData: `0xe9ae5c53${'00'.repeat(64)}`,
    accountGasLimits: `0x${'00'.repeat(32)}`,
    preVerificationGas: '60000',
    gasFees: `0x${'00'.repeat(32)}`,
    paymasterAndData: '0x',
  };
}

/** The typed data Encore itself signs for a batch (packages/calls/src/user-operation.ts), as a site copies it. */
function userOperation(
  sender: string,
  verifyingContract = ENTRY_POINT,
  typeName = 'PackedUserOperation',
) {
  return {
    types: { EIP712Domain: DOMAIN_TYPE, [typeName]: USER_OP_FIELDS },
    primaryType: typeName,
    domain: { name: 'ERC4337', version: '1', chainId: 1, verifyingContract },
    message: operation(sender),
  };
}

function sign(world: FakeWorld, typedData: unknown): Promise<unknown> {
  return runRpcRequest(world.ctx(SITE), {
    method: 'eth_signTypedData_v4',
    params: [WALLET.address, typedData],
  });
}

async function refusal(world: FakeWorld, typedData: unknown): Promise<ProviderRpcError> {
  return sign(world, typedData).then(
    () => {
      throw new Error('expected a refusal');
    },
    (error: ProviderRpcError) => error,
  );
}

describe('eth_signTypedData_v4 never signs for the account itself', () => {
  let world: FakeWorld;
  beforeEach(() => {
    world = fakeWorld();
    world.connected.set(SITE, 1);
    world.delegates = TABLE;
  });

  it("refuses the account's own user operation under the pinned EntryPoint, before any window", async () => {
    const error = await refusal(world, userOperation(WALLET.address));
    expect(error.code).toBe(-32602);
    expect(error.message).toContain(
      'eth_signTypedData_v4: typedData.domain.verifyingContract is refused: is the EntryPoint',
    );
    expect(error.data).toEqual({ param: 'typedData.domain.verifyingContract' });
    expect(world.asked).toEqual([]);
  });

  it("refuses any typed data under a pinned EntryPoint, another chain's included, whoever the sender", async () => {
    for (const verifier of [ENTRY_POINT, OTHER_CHAIN_ENTRY_POINT.toLowerCase()]) {
      const error = await refusal(world, userOperation(STRANGER, verifier));
      expect(error.code).toBe(-32602);
      expect(error.message).toMatch(/verifyingContract is refused: is the EntryPoint/);
    }
    const underEntryPoint = {
      ...mail(),
      domain: { ...mail().domain, verifyingContract: ENTRY_POINT },
    };
    expect((await refusal(world, underEntryPoint)).code).toBe(-32602);
    expect(world.asked).toEqual([]);
  });

  it("refuses the domain of the pinned delegate and of the account's own address", async () => {
    for (const verifier of [DELEGATE, WALLET.address.toLowerCase()]) {
      const data = { ...mail(), domain: { ...mail().domain, verifyingContract: verifier } };
      const error = await refusal(world, data);
      expect(error.code).toBe(-32602);
      expect(error.data).toEqual({ param: 'typedData.domain.verifyingContract' });
    }
    expect(world.asked).toEqual([]);
  });

  it('refuses a user operation of the account under another name and another domain', async () => {
    const renamed = userOperation(WALLET.address.toLowerCase(), STRANGER, 'Order');
    const error = await refusal(world, renamed);
    expect(error.code).toBe(-32602);
    expect(error.message).toContain('typedData.message.sender is refused: is this account');
    expect(world.asked).toEqual([]);
  });

  it('refuses one nested in a list, and without any delegate pinned (a build that knows none)', async () => {
    world.delegates = new Map();
    const nested = {
      types: {
        EIP712Domain: DOMAIN_TYPE,
        Bundle: [{ name: 'ops', type: 'Op[]' }],
        Op: USER_OP_FIELDS,
      },
      primaryType: 'Bundle',
      domain: { name: 'Bundler', version: '1', chainId: 1, verifyingContract: STRANGER },
      message: { ops: [operation(STRANGER), operation(WALLET.address)] },
    };
    const error = await refusal(world, nested);
    expect(error.message).toContain('typedData.message.ops[1].sender is refused');
    expect(error.data).toEqual({ param: 'typedData.message.ops[1].sender' });
    expect(world.asked).toEqual([]);
  });

  it('refuses an ERC-7710 delegation under any domain and any type name, whoever it names', async () => {
    // The Delegation Framework's struct: its DelegationManager runs what a delegation the account's
    // key signed allows, on the account (EncoreAccount's executor entry point and ERC-1271).
    const delegationFields = [
      { name: 'delegate', type: 'address' },
      { name: 'delegator', type: 'address' },
      { name: 'authority', type: 'bytes32' },
      { name: 'caveats', type: 'Caveat[]' },
      { name: 'salt', type: 'uint256' },
    ];
    for (const [name, verifier, delegator] of [
      ['Delegation', STRANGER, WALLET.address],
      ['Grant', '0x3333333333333333333333333333333333333333', STRANGER],
    ] as const) {
      const typed = {
        types: {
          EIP712Domain: DOMAIN_TYPE,
          [name]: delegationFields,
          Caveat: [
            { name: 'enforcer', type: 'address' },
            { name: 'terms', type: 'bytes' },
          ],
        },
        primaryType: name,
        domain: {
          name: 'DelegationManager',
          version: '1',
          chainId: 1,
          verifyingContract: verifier,
        },
        message: {
          delegate: STRANGER,
          delegator,
          authority: `0x${'ff'.repeat(32)}`,
          caveats: [],
          salt: '1',
        },
      };
      const error = await refusal(world, typed);
      expect(error.code).toBe(-32602);
      expect(error.message).toContain(
        `typedData.types.${name} is refused: is an ERC-7710 delegation`,
      );
    }
    expect(world.asked).toEqual([]);
  });

  it("still shows typed data that acts for no account of the listener's", async () => {
    await sign(world, mail());
    await sign(world, userOperation(STRANGER, STRANGER));
    expect(world.asked.map((asked) => asked.details.kind)).toEqual(['typed_data', 'typed_data']);
  });
});
