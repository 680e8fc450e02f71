import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_CHAIN_ID, type LocalChain, startLocalChain } from '../../../chain/index.ts';
import { freePort } from '../../support/free-port.ts';

async function call(url: string, method: string, params: unknown[] = []): Promise<unknown> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  return ((await response.json()) as { result: unknown }).result;
}

describe('the local chain', () => {
  let chain: LocalChain;
  beforeAll(async () => {
    chain = await startLocalChain({ port: await freePort() });
  }, 60_000);
  afterAll(() => chain?.stop());

  it('answers as chain 31337 with a funded first account and mines on demand', async () => {
    expect(Number(await call(chain.url, 'eth_chainId'))).toBe(LOCAL_CHAIN_ID);
    const [first] = (await call(chain.url, 'eth_accounts')) as string[];
    expect(
      BigInt((await call(chain.url, 'eth_getBalance', [first, 'latest'])) as string),
    ).toBeGreaterThan(0n);
    const before = Number(await call(chain.url, 'eth_blockNumber'));
    await call(chain.url, 'evm_mine');
    expect(Number(await call(chain.url, 'eth_blockNumber'))).toBe(before + 1);
  });

  it('stops when asked, and its port no longer answers', async () => {
    const other = await startLocalChain({ port: await freePort() });
    await other.stop();
    await expect(call(other.url, 'eth_chainId')).rejects.toThrow();
  }, 60_000);
});
