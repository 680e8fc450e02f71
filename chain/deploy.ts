import { ContractFactory, JsonRpcProvider, Wallet } from 'ethers';
import type { CompiledContract } from './compile.ts';

/**
 * Deploys a compiled contract from `privateKey`'s account on the chain at `rpcUrl` and resolves to
 * its address once mined.
 */
export async function deployContract(
  rpcUrl: string,
  privateKey: string,
  contract: CompiledContract,
  args: readonly unknown[] = [],
): Promise<`0x${string}`> {
  const provider = new JsonRpcProvider(rpcUrl, undefined, { staticNetwork: true });
  try {
    const signer = new Wallet(privateKey, provider);
    const factory = new ContractFactory(contract.abi as never[], contract.bytecode, signer);
    const deployed = await factory.deploy(...args);
    await deployed.waitForDeployment();
    return (await deployed.getAddress()) as `0x${string}`;
  } finally {
    provider.destroy();
  }
}
