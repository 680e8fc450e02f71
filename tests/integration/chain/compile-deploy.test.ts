import { Contract, JsonRpcProvider } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  compileContract,
  compileSolidity,
  deployContract,
  LOCAL_FUNDED_KEY,
  type LocalChain,
  startLocalChain,
} from '../../../chain/index.ts';
import { freePort } from '../../support/free-port.ts';

describe('compiling and deploying on the local chain', () => {
  let chain: LocalChain;
  beforeAll(async () => {
    chain = await startLocalChain({ port: await freePort() });
  }, 60_000);
  afterAll(() => chain?.stop());

  it('deploys the demo token, whose whole supply belongs to the deployer', async () => {
    const token = await compileContract('DemoToken');
    const address = await deployContract(chain.url, LOCAL_FUNDED_KEY, token, [1000n]);
    const provider = new JsonRpcProvider(chain.url, undefined, { staticNetwork: true });
    const contract = new Contract(address, token.abi as never[], provider);
    const deployer = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
    expect(await contract.getFunction('balanceOf')(deployer)).toBe(1000n);
    expect(await contract.getFunction('balanceOf')(address)).toBe(0n);
    provider.destroy();
  });

  it('reports the compiler error instead of deploying broken code', () => {
    expect(() => compileSolidity({ 'Broken.sol': 'contract Broken { function f( }' })).toThrow(
      /Solidity compilation failed/,
    );
  });
});
