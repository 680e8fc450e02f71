import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonRpc, LOCAL_CHAIN_ID, type LocalChain, startLocalChain } from '../../../chain/index.ts';
import { freePort } from '../../support/free-port.ts';

describe('the local chain', () => {
  let chain: LocalChain;
  beforeAll(async () => {
    chain = await startLocalChain({ port: await freePort() });
  }, 60_000);
  afterAll(() => chain?.stop());

  it('answers as chain 31337 with a funded first account and mines on demand', async () => {
    expect(Number(await jsonRpc(chain.url, 'eth_chainId'))).toBe(LOCAL_CHAIN_ID);
    const [first] = (await jsonRpc(chain.url, 'eth_accounts')) as string[];
    expect(
      BigInt((await jsonRpc(chain.url, 'eth_getBalance', [first, 'latest'])) as string),
    ).toBeGreaterThan(0n);
    const before = Number(await jsonRpc(chain.url, 'eth_blockNumber'));
    await jsonRpc(chain.url, 'evm_mine');
    expect(Number(await jsonRpc(chain.url, 'eth_blockNumber'))).toBe(before + 1);
  });

  it('stops when asked, and its port no longer answers', async () => {
    const other = await startLocalChain({ port: await freePort() });
    await other.stop();
    await expect(jsonRpc(other.url, 'eth_chainId')).rejects.toThrow();
  }, 60_000);
});
