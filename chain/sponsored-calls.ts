import { keccak256 } from 'ethers';
import { compileContract } from './compile.ts';
import { type DelegationFramework, deployDelegationFramework } from './delegation-framework.ts';
import { deployContract } from './deploy.ts';
import { deployEntryPointV08 } from './entry-point.ts';
import { jsonRpc } from './json-rpc.ts';

/** Where sponsored calls' contracts live on a chain. */
export interface SponsoredCallContracts {
  /**
   * The ERC-4337 v0.8 EntryPoint at its canonical address (chain/entry-point.ts): the code its
   * authors published in @account-abstraction/contracts, as public chains run it.
   */
  readonly entryPoint: `0x${string}`;
  /** EncoreAccount.sol: the delegate Encore signs EIP-7702 authorizations for. */
  readonly delegate: `0x${string}`;
  /** keccak256 of the delegate's runtime code, as the chain holds it: what Encore pins. */
  readonly delegateCodeHash: `0x${string}`;
  /** FanActions.sol: favorites and follows recorded for msg.sender. */
  readonly fanActions: `0x${string}`;
  /**
   * MetaMask's Delegation Framework (chain/delegation-framework.ts): the DelegationManager, the
   * one caller the delegate lets run a listener's spend permissions, and its caveat enforcers.
   */
  readonly delegationFramework: DelegationFramework;
}

/**
 * Deploys the EntryPoint at its canonical address and the Delegation Framework (through the
 * deterministic deployer), then compiles and deploys Encore's delegate (bound to that EntryPoint
 * and that framework's DelegationManager) and the fan actions contract
 * from `privateKey`'s account, one after the other, and reads the delegate's code hash back from
 * the chain.
 */
export async function deploySponsoredCalls(
  rpcUrl: string,
  privateKey: string,
): Promise<SponsoredCallContracts> {
  const [delegateCode, fanActionsCode] = await Promise.all([
    compileContract('EncoreAccount'),
    compileContract('FanActions'),
  ]);
  // In sequence: one account, and each deployment takes the next nonce.
  const entryPoint = await deployEntryPointV08(rpcUrl, privateKey);
  const delegationFramework = await deployDelegationFramework(rpcUrl, privateKey);
  const delegate = await deployContract(rpcUrl, privateKey, delegateCode, [
    entryPoint,
    delegationFramework.delegationManager,
  ]);
  const fanActions = await deployContract(rpcUrl, privateKey, fanActionsCode);
  const code = String(await jsonRpc(rpcUrl, 'eth_getCode', [delegate, 'latest']));
  return {
    entryPoint,
    delegate,
    delegateCodeHash: keccak256(code) as `0x${string}`,
    fanActions,
    delegationFramework,
  };
}
