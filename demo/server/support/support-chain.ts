// What the demo server's session account does on chain: reads the chain's time, a delegation's
// hash, whether it was revoked and what its period still allows, asks how a redemption would
// revert (eth_call), and redeems through the DelegationManager (`redeemDelegations`, one
// single-call execution: ERC-7579's packed target, value and call data).
import { Contract, Interface, JsonRpcProvider, solidityPacked, Wallet, ZeroHash } from 'ethers';
import type { SupportConfig } from './config.ts';
import type { DelegationStruct } from './grant-terms.ts';

const DELEGATION =
  'tuple(address delegate, address delegator, bytes32 authority, tuple(address enforcer, bytes terms, bytes args)[] caveats, uint256 salt, bytes signature)';
const managerInterface = new Interface([
  'function redeemDelegations(bytes[] permissionContexts, bytes32[] modes, bytes[] executionCallDatas)',
  `function getDelegationHash(${DELEGATION} delegation) pure returns (bytes32)`,
  'function disabledDelegations(bytes32 delegationHash) view returns (bool)',
  'error CannotUseADisabledDelegation()',
  'error InvalidDelegate()',
  'error InvalidDelegator()',
  'error InvalidERC1271Signature()',
  'error InvalidEOASignature()',
  'error InvalidAuthority()',
  'error EnforcedPause()',
]);
const enforcerInterface = new Interface([
  'function getAvailableAmount(bytes32 delegationHash, address delegationManager, bytes terms) view returns (uint256 availableAmount, bool isNewPeriod, uint256 currentPeriod)',
]);
/** ERC-7579's single call, default execution type: the mode `sendTransactionWithDelegation` uses. */
const SINGLE_DEFAULT_MODE = ZeroHash;

export interface Redemption {
  readonly txHash: string;
  readonly success: boolean;
  readonly time: number;
}

export interface SupportChain {
  readonly redeemer: string;
  readonly chainId: number;
  chainTime(): Promise<number>;
  delegationHash(delegation: DelegationStruct): Promise<string>;
  isRevoked(hash: string): Promise<boolean>;
  /** Whether `address` holds code (an EIP-7702 delegation counts): only an account can be redeemed from. */
  isAccount(address: string): Promise<boolean>;
  /** What the period's cap still allows now, in wei. */
  available(hash: string, periodTerms: string): Promise<bigint>;
  /** How redeeming `value` wei to `to` would revert (the error's name or reason); null: it would not. */
  refusal(context: string, to: string, value: bigint): Promise<string | null>;
  redeem(context: string, to: string, value: bigint): Promise<Redemption>;
  close(): void;
}

function redeemData(context: string, to: string, value: bigint): string {
  return managerInterface.encodeFunctionData('redeemDelegations', [
    [context],
    [SINGLE_DEFAULT_MODE],
    [solidityPacked(['address', 'uint256', 'bytes'], [to, value, '0x'])],
  ]);
}

/** A revert's data, wherever the node put it (`error.data`, Hardhat's `error.data.data`, the text). */
function revertData(error: { message?: string; data?: unknown }): string | null {
  if (typeof error.data === 'string') return error.data;
  const nested = (error.data as { data?: unknown } | undefined)?.data;
  if (typeof nested === 'string') return nested;
  return /return data: (0x[0-9a-fA-F]+)/.exec(error.message ?? '')?.[1] ?? null;
}

function describeRevert(data: string | null, message: string): string {
  if (!data || data.length < 10) return message;
  if (data.startsWith('0x08c379a0')) {
    const [reason] = Interface.from(['error Error(string)']).decodeErrorResult('Error', data);
    return String(reason);
  }
  return managerInterface.parseError(data)?.name ?? `${message} (${data.slice(0, 10)})`;
}

export async function connectSupportChain(config: SupportConfig): Promise<SupportChain> {
  const provider = new JsonRpcProvider(config.rpcUrl, undefined, {
    staticNetwork: true,
    cacheTimeout: -1,
  });
  const wallet = new Wallet(config.sessionKey, provider);
  const manager = new Contract(config.delegationManager, managerInterface, wallet);
  const enforcer = new Contract(
    config.nativeTokenPeriodTransferEnforcer,
    enforcerInterface,
    provider,
  );
  const chainId = Number((await provider.getNetwork()).chainId);
  const chainTime = async () => (await provider.getBlock('latest'))?.timestamp ?? 0;
  return {
    redeemer: wallet.address,
    chainId,
    chainTime,
    delegationHash: async (delegation) =>
      String(await manager.getFunction('getDelegationHash')(delegation)),
    isAccount: async (address) => (await provider.getCode(address)) !== '0x',
    isRevoked: async (hash) => Boolean(await manager.getFunction('disabledDelegations')(hash)),
    async available(hash, periodTerms) {
      const [amount] = (await enforcer.getFunction('getAvailableAmount')(
        hash,
        config.delegationManager,
        periodTerms,
      )) as [bigint];
      return amount;
    },
    async refusal(context, to, value) {
      const call = {
        from: wallet.address,
        to: config.delegationManager,
        data: redeemData(context, to, value),
      };
      const response = await fetch(config.rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'eth_call',
          params: [call, 'latest'],
        }),
        signal: AbortSignal.timeout(30_000),
      });
      const answer = (await response.json()) as { error?: { message?: string; data?: unknown } };
      if (!answer.error) return null;
      return describeRevert(revertData(answer.error), answer.error.message ?? 'reverted');
    },
    async redeem(context, to, value) {
      const sent = await wallet.sendTransaction({
        to: config.delegationManager,
        data: redeemData(context, to, value),
      });
      const receipt = await sent.wait(1, 60_000).catch(() => null);
      const block = receipt ? await provider.getBlock(receipt.blockNumber) : null;
      return {
        txHash: sent.hash,
        success: receipt?.status === 1,
        time: block?.timestamp ?? (await chainTime()),
      };
    },
    close: () => provider.destroy(),
  };
}
