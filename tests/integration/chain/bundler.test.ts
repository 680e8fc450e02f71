// Pimlico's Alto on the local chain: it serves the local EntryPoint v0.8 and nothing else, answers
// ERC-7769's methods, and its process ends when it is stopped.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Bundler, startBundler } from '../../../chain/bundler.ts';
import { DETERMINISTIC_DEPLOYER, ENTRY_POINT_V08, jsonRpc } from '../../../chain/index.ts';
import { freePort } from '../../support/free-port.ts';
import { rawRpc, type SponsoredChain, startSponsoredChain } from '../../support/sponsored-chain.ts';

let chain: SponsoredChain;
let bundler: Bundler;

beforeAll(async () => {
  chain = await startSponsoredChain();
  bundler = await startBundler({
    rpcUrl: chain.chain.url,
    entryPoint: chain.contracts.entryPoint,
    port: await freePort(),
  });
});

afterAll(async () => {
  await bundler?.stop();
  await chain?.chain.stop();
});

describe('the ERC-4337 bundler on the local chain', () => {
  it('serves the local EntryPoint on the local chain, with the deterministic deployer in place', async () => {
    // At its canonical address: Alto knows an EntryPoint v0.8 by it.
    expect(chain.contracts.entryPoint).toBe(ENTRY_POINT_V08);
    expect(await jsonRpc(bundler.url, 'eth_supportedEntryPoints')).toEqual([
      chain.contracts.entryPoint,
    ]);
    expect(Number(await jsonRpc(bundler.url, 'eth_chainId'))).toBe(chain.chain.chainId);
    expect(
      await jsonRpc(chain.chain.url, 'eth_getCode', [DETERMINISTIC_DEPLOYER, 'latest']),
    ).not.toBe('0x');
  });

  it('refuses an operation for another EntryPoint', async () => {
    const answer = await rawRpc(bundler.url, 'eth_estimateUserOperationGas', [
      {
        sender: '0x0000000000000000000000000000000000000001',
        nonce: '0x0',
        callData: '0x',
        callGasLimit: '0x0',
        verificationGasLimit: '0x0',
        preVerificationGas: '0x0',
        maxFeePerGas: '0x0',
        maxPriorityFeePerGas: '0x0',
        signature: '0x',
      },
      '0x0000000071727De22E5E9d8BAf0edAc6f37da032',
    ]);
    expect('error' in answer && answer.error.message).toMatch(/EntryPoint/i);
  });

  it('stops when asked', async () => {
    await bundler.stop();
    await expect(jsonRpc(bundler.url, 'eth_chainId')).rejects.toThrow();
  });
});
