// ERC-4337's EntryPoint v0.8 at its canonical address, byte for byte the contract public chains
// run: the creation code published by its authors in @account-abstraction/contracts 0.8.0
// (artifacts/EntryPoint.json), deployed through the deterministic deployer under the salt of
// the canonical deployment. Bundlers, Alto among them, know v0.8 by that address.
import { createRequire } from 'node:module';
import { deployDeterministic, deterministicAddress } from './deterministic-deployer.ts';

/** EntryPoint v0.8's address on every chain that has it. */
export const ENTRY_POINT_V08 = '0x4337084D9E255Ff0702461CF8895CE9E3b5Ff108' as const;

/** The CREATE2 salt of the canonical deployment. */
export const ENTRY_POINT_V08_SALT =
  '0x0a59dbff790c23c976a548690c27297883cc66b4c67024f9117b0238995e35e9' as const;

interface HardhatArtifact {
  readonly abi: readonly unknown[];
  readonly bytecode: `0x${string}`;
}

/** The EntryPoint's ABI and creation code as its authors published them. */
export function entryPointV08Artifact(): HardhatArtifact {
  const require = createRequire(import.meta.url);
  return require('@account-abstraction/contracts/artifacts/EntryPoint.json') as HardhatArtifact;
}

/**
 * Deploys EntryPoint v0.8 at ENTRY_POINT_V08 from `privateKey`'s account (any account: the
 * address depends only on the deployer, the salt and the code), or finds it there. Throws if the
 * installed package's code would land anywhere else: then it is not the canonical EntryPoint.
 */
export async function deployEntryPointV08(
  rpcUrl: string,
  privateKey: string,
): Promise<`0x${string}`> {
  const { bytecode } = entryPointV08Artifact();
  const address = deterministicAddress(ENTRY_POINT_V08_SALT, bytecode);
  if (address !== ENTRY_POINT_V08) {
    throw new Error(
      `@account-abstraction/contracts' EntryPoint would deploy to ${address}, not the canonical ${ENTRY_POINT_V08}`,
    );
  }
  return deployDeterministic(rpcUrl, privateKey, ENTRY_POINT_V08_SALT, bytecode);
}
