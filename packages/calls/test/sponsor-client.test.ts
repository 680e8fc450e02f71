import { Wallet } from 'ethers';
import { describe, expect, it } from 'vitest';
import {
  buildCallBatch,
  createSponsorClient,
  parseCalls,
  readRpcUserOperation,
  SponsorRefusedError,
  SponsorUnavailableError,
  userOperationHash,
} from '../src/index.ts';
import { CHAIN_ID, PINNED, TABLE } from './support.ts';

const account = Wallet.createRandom().address as `0x${string}`;
const draft = buildCallBatch({
  table: TABLE,
  chainId: CHAIN_ID,
  account,
  calls: parseCalls([{ to: PINNED.entryPoint, data: '0x1234' }]),
  deadline: 1_900_000_000,
  sequence: 0n,
  gas: { callGasLimit: 0n, verificationGasLimit: 0n, preVerificationGas: 0n },
});

interface Sent {
  method: string;
  params: unknown[];
}

/** A sponsor whose answer to each request is `answer(request)` as the response body. */
function sponsor(answer: (request: Sent & { id: number }) => unknown, init: ResponseInit = {}) {
  const sent: Sent[] = [];
  const client = createSponsorClient({
    url: 'http://127.0.0.1:9/sponsor',
    fetch: async (_url, request) => {
      const body = JSON.parse(String(request.body)) as Sent & { id: number };
      sent.push({ method: body.method, params: body.params });
      const reply = answer(body);
      return new Response(typeof reply === 'string' ? reply : JSON.stringify(reply), init);
    },
    timeoutMs: 500,
  });
  return { client, sent };
}

const result = (id: number, value: unknown) => ({ jsonrpc: '2.0', id, result: value });

describe('asking the sponsor service', () => {
  it('checks the chain, then sends the draft (placeholder signature, the upgrade’s fields) for gas limits', async () => {
    const { client, sent } = sponsor(({ id, method }) =>
      method === 'eth_chainId'
        ? result(id, '0x7a69')
        : result(id, {
            callGasLimit: '0x30d40',
            verificationGasLimit: '0x249f0',
            preVerificationGas: '0xc350',
          }),
    );
    const upgrade = {
      chainId: CHAIN_ID,
      account,
      delegate: PINNED.address,
      nonce: 0,
      replaces: null,
    };
    expect(await client.estimate(draft, upgrade)).toEqual({
      callGasLimit: 200_000n,
      verificationGasLimit: 150_000n,
      preVerificationGas: 50_000n,
    });
    expect(sent.map((s) => s.method)).toEqual(['eth_chainId', 'eth_estimateUserOperationGas']);
    const [op, entryPoint] = sent[1]?.params ?? [];
    expect(entryPoint).toBe(PINNED.entryPoint);
    const read = readRpcUserOperation(op, {
      chainId: CHAIN_ID,
      entryPoint: PINNED.entryPoint,
      delegate: PINNED.address,
    });
    expect(read.batch).toEqual(draft);
    expect(read.authorization).toMatchObject({
      address: PINNED.address,
      chainId: '0x7a69',
      nonce: '0x0',
    });
  });

  it('says which chain a sponsor on another chain serves, before anything else', async () => {
    const { client, sent } = sponsor(({ id }) => result(id, '0x1'));
    await expect(client.estimate(draft, null)).rejects.toThrow('serves chain 1, not chain 31337');
    expect(sent).toHaveLength(1);
  });

  it('passes a refusal on with the sponsor’s reason code and its words cut to one line', async () => {
    const { client } = sponsor(({ id, method }) =>
      method === 'eth_chainId'
        ? result(id, '0x7a69')
        : {
            jsonrpc: '2.0',
            id,
            error: {
              code: -32504,
              message: `this listener has used today's budget\n\u202Eevil${'x'.repeat(400)}`,
              data: { reason: 'SPONSOR_LISTENER_BUDGET', retryAfterSeconds: 3600 },
            },
          },
    );
    const error = await client.estimate(draft, null).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SponsorRefusedError);
    const refused = error as SponsorRefusedError;
    expect(refused.reason).toBe('SPONSOR_LISTENER_BUDGET');
    expect(refused.retryAfterSeconds).toBe(3600);
    expect(refused.message).not.toMatch(/[\n\u202E]/);
    expect(refused.message.length).toBeLessThan(240);
  });

  it.each([
    ['not JSON', () => 'Bad gateway'],
    ['another request’s id', ({ id }: { id: number }) => result(id + 1, '0x7a69')],
    ['a malformed result', ({ id }: { id: number }) => result(id, 'thirty-one thousand')],
  ])('treats an answer that is %s as no answer', async (_, answer) => {
    const { client } = sponsor(answer);
    await expect(client.estimate(draft, null)).rejects.toThrow(SponsorUnavailableError);
  });

  it('stops reading an answer past 64 KiB', async () => {
    const { client } = sponsor(({ id }) => result(id, 'x'.repeat(70_000)));
    await expect(client.estimate(draft, null)).rejects.toThrow(
      'answered eth_chainId with more than 65536 bytes',
    );
  });

  it('gives up on a sponsor that never answers', async () => {
    const client = createSponsorClient({
      url: 'http://127.0.0.1:9/sponsor',
      fetch: (_url, init) =>
        new Promise((_resolve, reject) =>
          init.signal?.addEventListener('abort', () => reject(new Error('aborted'))),
        ),
      timeoutMs: 50,
    });
    await expect(client.estimate(draft, null)).rejects.toThrow(
      'did not answer eth_chainId within 0.05 s',
    );
  });

  it('answers the hash it computed itself once the sponsor accepted the signed batch', async () => {
    const { client, sent } = sponsor(({ id }) => result(id, `0x${'ab'.repeat(32)}`));
    const hash = await client.send(draft, '0x1234', null);
    expect(hash).toBe(userOperationHash(draft));
    expect(sent[0]?.method).toBe('eth_sendUserOperation');
  });
});
