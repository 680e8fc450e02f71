import { verifyTypedData } from 'ethers';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ApprovalDetails } from '../../../lib/extension/approvals/index.ts';
import type { ProviderRpcError } from '../../../lib/extension/protocol/index.ts';
import { runRpcRequest } from '../../../lib/extension/rpc/index.ts';
import { type FakeWorld, fakeWorld, WALLET } from './support/fake-deps.ts';
import { ACCEPTED, HOSTILE, relayed } from './support/typed-data-examples.ts';

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
