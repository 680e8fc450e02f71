// Spend permissions on the local chain, from a site's side: MetaMask's Smart Accounts Kit (the
// code a site writes) pointed at the Delegation Framework that chain/ deploys, a token, listeners
// who grant and session accounts that redeem, and how a redemption would revert, named by the
// contract that refused it.

import { DelegationManager as delegationManagerAbi } from '@metamask/delegation-abis';
import type { SmartAccountsEnvironment } from '@metamask/smart-accounts-kit';
import { createExecution, type Delegation, ExecutionMode } from '@metamask/smart-accounts-kit';
import { erc7710WalletActions } from '@metamask/smart-accounts-kit/actions';
import {
  decodeDelegations,
  encodeDelegations,
  encodeExecutionCalldatas,
  overrideDeployedEnvironment,
} from '@metamask/smart-accounts-kit/utils';
import { Contract, JsonRpcProvider, Wallet } from 'ethers';
import {
  createPublicClient,
  createWalletClient,
  decodeErrorResult,
  encodeFunctionData,
  type Hex,
  http,
  parseAbi,
} from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { hardhat } from 'viem/chains';
import {
  compileContract,
  DEMO_TOKEN_SUPPLY,
  deployContract,
  LOCAL_FUNDED_KEY,
  sendLocalEther,
} from '../../chain/index.ts';
import {
  rawRpc,
  type SponsoredChain,
  startSponsoredChain,
  upgradeDirectly,
} from './sponsored-chain.ts';

export const DAY = 86_400;
export const ETH = 10n ** 18n;
/** The ERC-20 functions the tests call on the token. */
export const erc20 = parseAbi([
  'function transfer(address to, uint256 value) returns (bool)',
  'function balanceOf(address owner) view returns (uint256)',
  'function symbol() view returns (string)',
]);

/** An account of the chain's and its key. */
export interface KeyedAccount {
  readonly key: Hex;
  readonly address: Hex;
}

/** One chain for a test file: the framework known to the kit, a token, and who grants and redeems. */
export interface PermissionsChain {
  readonly sc: SponsoredChain;
  readonly environment: SmartAccountsEnvironment;
  /** A DemoToken, its whole supply held by the funded test account. */
  readonly token: Hex;
  /** The latest block's timestamp, in seconds. */
  now(): Promise<number>;
  /** Moves the chain's clock on by `seconds` and mines a block. */
  moveClock(seconds: number): Promise<void>;
  /** A listener whose address runs Encore's delegate, with 10 ETH and 1,000 tokens. */
  listener(): Promise<KeyedAccount>;
  /** A site's session account with 1 ETH of gas money. */
  session(): Promise<KeyedAccount>;
  stop(): Promise<void>;
}

export async function startPermissionsChain(): Promise<PermissionsChain> {
  const sc = await startSponsoredChain();
  const provider = new JsonRpcProvider(sc.chain.url, undefined, {
    staticNetwork: true,
    cacheTimeout: -1,
  });
  const stop = async (): Promise<void> => {
    provider.destroy();
    await sc.chain.stop();
  };
  try {
    const environment = useLocalEnvironment(sc);
    const token = await deployContract(
      sc.chain.url,
      LOCAL_FUNDED_KEY,
      await compileContract('DemoToken'),
      [DEMO_TOKEN_SUPPLY],
    );
    const tokens = new Contract(
      token,
      ['function transfer(address,uint256)'],
      new Wallet(LOCAL_FUNDED_KEY, provider),
    );
    return {
      sc,
      environment,
      token,
      now: async () => Number((await publicClient(sc).getBlock()).timestamp),
      async moveClock(seconds) {
        await rawRpc(sc.chain.url, 'evm_increaseTime', [seconds]);
        await rawRpc(sc.chain.url, 'evm_mine', []);
      },
      async listener() {
        const key = generatePrivateKey();
        const wallet = new Wallet(key);
        await sendLocalEther(sc.chain.url, wallet.address, 10n * ETH);
        await upgradeDirectly(sc, wallet);
        await (await tokens.getFunction('transfer')(wallet.address, 1_000n * ETH)).wait();
        return { key, address: wallet.address as Hex };
      },
      async session() {
        const key = generatePrivateKey();
        const address = privateKeyToAccount(key).address;
        await sendLocalEther(sc.chain.url, address, ETH);
        return { key, address };
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** The kit's name for one deployment of the framework, as `getSmartAccountsEnvironment` answers it. */
export function kitEnvironment(sc: SponsoredChain): SmartAccountsEnvironment {
  const framework = sc.contracts.delegationFramework;
  return {
    DelegationManager: framework.delegationManager,
    EntryPoint: sc.contracts.entryPoint,
    // Encore deploys no DeleGator factory: listeners' addresses run Encore's delegate instead.
    SimpleFactory: '0x0000000000000000000000000000000000000000',
    implementations: {},
    caveatEnforcers: { ...framework.caveatEnforcers },
  };
}

/**
 * Tells the kit where the framework lives on the local chain (it knows public chains only), as a
 * site on a development chain does, and returns that environment.
 */
export function useLocalEnvironment(sc: SponsoredChain): SmartAccountsEnvironment {
  const environment = kitEnvironment(sc);
  overrideDeployedEnvironment(sc.chain.chainId, '1.3.0', environment);
  return environment;
}

/** A viem client for `privateKey` on the local chain, with the kit's ERC-7710 redemption. */
export function sessionClient(sc: SponsoredChain, privateKey: Hex) {
  return createWalletClient({
    account: privateKeyToAccount(privateKey),
    chain: { ...hardhat, id: sc.chain.chainId },
    transport: http(sc.chain.url),
  }).extend(erc7710WalletActions());
}

export function publicClient(sc: SponsoredChain) {
  return createPublicClient({
    chain: { ...hardhat, id: sc.chain.chainId },
    transport: http(sc.chain.url),
  });
}

/** The call `sendTransactionWithDelegation` makes: one single-default execution, redeemed. */
export function redeemCalldata(
  delegations: readonly Delegation[],
  execution: { readonly to: Hex; readonly value?: bigint; readonly data?: Hex },
): Hex {
  const single = createExecution({
    target: execution.to,
    value: execution.value ?? 0n,
    callData: execution.data ?? '0x',
  });
  return encodeFunctionData({
    abi: delegationManagerAbi,
    functionName: 'redeemDelegations',
    args: [
      [encodeDelegations([...delegations])],
      [ExecutionMode.SingleDefault],
      encodeExecutionCalldatas([[single]]),
    ],
  });
}

const accountErrors = parseAbi([
  'error Error(string reason)',
  'error AccountUnauthorized(address sender)',
  'error RedeemedCallToSelf()',
  'error ERC7579UnsupportedCallType(bytes1 callType)',
  'error ERC7579UnsupportedExecType(bytes1 execType)',
]);

/** The revert's data: in `error.data` (as most nodes send it), or in Hardhat's nested `data.data`. */
function revertData(error: { message: string; data?: unknown }): Hex | undefined {
  if (typeof error.data === 'string') return error.data as Hex;
  const nested = (error.data as { data?: unknown } | undefined)?.data;
  if (typeof nested === 'string') return nested as Hex;
  return /return data: (0x[0-9a-fA-F]+)/.exec(error.message)?.[1] as Hex | undefined;
}

/**
 * How `from` calling `to` with `data` would revert on the latest block: the error's name
 * (`InvalidDelegate`, `AccountUnauthorized`) or an `Error(string)`'s reason
 * (`NativeTokenPeriodTransferEnforcer:transfer-amount-exceeded`); null when it would not.
 */
export async function revertReason(
  sc: SponsoredChain,
  from: Hex,
  to: Hex,
  data: Hex,
): Promise<string | null> {
  const answer = await rawRpc(sc.chain.url, 'eth_call', [{ from, to, data }, 'latest']);
  if (!('error' in answer)) return null;
  const raw = revertData(answer.error);
  if (!raw || raw.length < 10) return answer.error.message;
  try {
    const decoded = decodeErrorResult({
      abi: [...delegationManagerAbi, ...accountErrors],
      data: raw,
    });
    return decoded.errorName === 'Error' ? String(decoded.args[0]) : decoded.errorName;
  } catch {
    return `${answer.error.message} (${raw})`;
  }
}

/** What `redeemTokensThenOneMore` saw: the payee's balance after the redemption, and the revert. */
export interface TokenRedemption {
  readonly payeeBalance: bigint;
  /** How redeeming one token more would revert on the latest block (null: it would not). */
  readonly oneMore: string | null;
}

/**
 * The site's session account `site` redeems a transfer of `amount` of the chain's token to a new
 * payee through the granted `context` (the kit's `sendTransactionWithDelegation`), then asks how a
 * transfer of one token unit more would revert: the two checks of an ERC-20 grant's cap.
 */
export async function redeemTokensThenOneMore(
  chain: PermissionsChain,
  site: KeyedAccount,
  granted: { context: Hex; delegationManager: Hex },
  amount: bigint,
): Promise<TokenRedemption> {
  const payee = privateKeyToAccount(generatePrivateKey()).address;
  const transfer = (value: bigint) =>
    encodeFunctionData({ abi: erc20, functionName: 'transfer', args: [payee, value] });
  const client = sessionClient(chain.sc, site.key);
  const hash = await client.sendTransactionWithDelegation({
    to: chain.token,
    data: transfer(amount),
    permissionContext: granted.context,
    delegationManager: granted.delegationManager,
    chain: client.chain,
    account: client.account,
  });
  const reader = publicClient(chain.sc);
  await reader.waitForTransactionReceipt({ hash });
  const payeeBalance = await reader.readContract({
    address: chain.token,
    abi: erc20,
    functionName: 'balanceOf',
    args: [payee],
  });
  const oneMore = await revertReason(
    chain.sc,
    site.address,
    granted.delegationManager,
    redeemCalldata(decodeDelegations(granted.context), { to: chain.token, data: transfer(1n) }),
  );
  return { payeeBalance, oneMore };
}
