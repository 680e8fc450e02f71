import { TypedDataEncoder, verifyTypedData } from 'ethers';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ApprovalDetails } from '../../../lib/extension/approvals/index.ts';
import type { ProviderRpcError } from '../../../lib/extension/protocol/index.ts';
import { runRpcRequest } from '../../../lib/extension/rpc/index.ts';
import { type FakeWorld, fakeWorld, WALLET } from './support/fake-deps.ts';
import {
  ACCEPTED,
  HOSTILE,
  mail,
  relayed,
  UNREACHABLE_TYPES,
} from './support/typed-data-examples.ts';

const SITE = 'https://music.example';

function sign(world: FakeWorld, typedData: unknown): Promise<unknown> {
  return runRpcRequest(world.ctx(SITE), {
    method: 'eth_signTypedData_v4',
    params: [WALLET.address, typedData],
  });
}

function shown(world: FakeWorld): Extract<ApprovalDetails, { kind: 'typed_data' }> {
  const details = world.asked.at(-1)?.details;
  if (details?.kind !== 'typed_data') throw new Error('no typed-data approval was shown');
  // What crosses the message boundary to the window: plain JSON data.
  return JSON.parse(JSON.stringify(details)) as Extract<ApprovalDetails, { kind: 'typed_data' }>;
}

describe('eth_signTypedData_v4: the window shows exactly what the key signs', () => {
  let world: FakeWorld;
  beforeEach(() => {
    world = fakeWorld();
    world.connected.set(SITE, 1);
  });

  for (const example of ACCEPTED) {
    it(`${example.name}: the signature recovers over the values the window got`, async () => {
      const signature = (await sign(world, example.raw)) as string;
      const { typedData } = shown(world);
      expect(typedData).toEqual(example.normalised);
      const { EIP712Domain: _domain, ...types } = typedData.types;
      expect(verifyTypedData(typedData.domain, types, typedData.message, signature)).toBe(
        WALLET.address,
      );
    });
  }

  it('signs false when the window shows false: "false" as a string is refused, not signed true', async () => {
    const data = relayed();
    const signature = (await sign(world, data)) as string;
    const { typedData } = shown(world);
    expect(typedData.message.support).toBe(false);
    const { EIP712Domain: _domain, ...types } = typedData.types;
    const asTrue = { ...typedData.message, support: true };
    expect(verifyTypedData(typedData.domain, types, asTrue, signature)).not.toBe(WALLET.address);

    const error = await sign(world, { ...data, message: { ...data.message, support: 'false' } })
      .then(() => null)
      .catch((e: ProviderRpcError) => e);
    expect(error?.code).toBe(-32602);
    expect(world.asked).toHaveLength(1);
  });

  for (const example of HOSTILE) {
    it(`refuses ${example.name} with -32602 naming ${example.path}, before anyone is asked`, async () => {
      const error = await sign(world, example.raw).then(
        () => {
          throw new Error('expected -32602');
        },
        (e: ProviderRpcError) => e,
      );
      expect(error.code).toBe(-32602);
      expect(error.message).toContain(`eth_signTypedData_v4: ${example.path} `);
      expect(error.message).toMatch(example.problem);
      expect(error.data).toEqual({ param: example.path });
      expect(world.asked).toEqual([]);
    });
  }
});

describe('eth_signTypedData_v4: types the primary type never reaches are dropped before hashing', () => {
  let world: FakeWorld;
  beforeEach(() => {
    world = fakeWorld();
    world.connected.set(SITE, 1);
  });

  it('an unreachable type is neither shown nor hashed: same hash and signature as without it', async () => {
    const plain = (await sign(world, mail())) as string;
    const padded = (await sign(world, {
      ...mail(),
      types: { ...mail().types, ...UNREACHABLE_TYPES },
    })) as string;
    const { typedData } = shown(world);
    expect(Object.keys(typedData.types).sort()).toEqual(['EIP712Domain', 'Mail', 'Person']);
    expect(JSON.stringify(typedData)).not.toMatch(/Unused|Loop|Nowhere|int7/);
    expect(padded).toBe(plain);
    const { EIP712Domain: _domain, ...types } = typedData.types;
    const { EIP712Domain: _d, ...mailTypes } = mail().types;
    expect(TypedDataEncoder.hash(typedData.domain, types, typedData.message)).toBe(
      TypedDataEncoder.hash(mail().domain, mailTypes, mail().message),
    );
  });

  it('a primaryType below another root signs that type, never the root the window does not show', async () => {
    const message = { name: 'Cow', wallets: [] };
    const signature = (await sign(world, { ...mail(), primaryType: 'Person', message })) as string;
    const { typedData } = shown(world);
    expect(typedData.types).not.toHaveProperty('Mail');
    const { Person } = mail().types;
    expect(verifyTypedData(mail().domain, { Person: Person! }, message, signature)).toBe(
      WALLET.address,
    );
    // ethers alone would have picked Mail, the one root, and hashed that instead.
    const asMail = TypedDataEncoder.hash(
      mail().domain,
      { Person: Person!, Mail: mail().types.Mail! },
      {
        from: message,
        to: [],
        contents: '',
      },
    );
    expect(asMail).not.toBe(TypedDataEncoder.hash(mail().domain, { Person: Person! }, message));
  });
});
