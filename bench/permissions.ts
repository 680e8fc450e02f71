// `npm run bench:permissions`: what spend permissions (ERC-7715 grants redeemed through ERC-7710)
// cost on the local chain, and what deploying the Delegation Framework adds to a chain's set-up.
//   - gas of a site's session account redeeming a native-token-periodic and an
//     erc20-token-periodic grant (built and redeemed with MetaMask's Smart Accounts Kit), the first
//     redemption (the enforcer records the period) and a later one in the same period, from a
//     listener whose address runs Encore's delegate and from one running MetaMask's audited
//     EIP7702StatelessDeleGator, the other candidate (docs/spend-permissions.md);
//   - both delegates' runtime size;
//   - milliseconds to deploy the framework on a fresh chain against the EntryPoint's deployment
//     before it, medians of interleaved rounds (BENCH_RUNS, default 3).

import { EIP7702StatelessDeleGator as statelessAbi } from '@metamask/delegation-abis';
import { EIP7702StatelessDeleGator } from '@metamask/delegation-abis/bytecode';
import {
  createDelegation,
  type Delegation,
  ScopeType,
  signDelegation,
} from '@metamask/smart-accounts-kit';
import { Contract, JsonRpcProvider, Wallet } from 'ethers';
import { encodeFunctionData, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import {
  deployContract,
  deployDelegationFramework,
  deployEntryPointV08,
  LOCAL_FUNDED_KEY,
  sendLocalEther,
  startLocalChain,
} from '../chain/index.ts';
import { freePort } from '../tests/support/free-port.ts';
import {
  DAY,
  ETH,
  erc20,
  type KeyedAccount,
  publicClient,
  sessionClient,
  startPermissionsChain,
} from '../tests/support/permissions-chain.ts';
import { benchInteger } from './internal/env-integer.ts';
import { median } from './internal/median.ts';
import { benchReport } from './internal/report.ts';

// The kit sends usage analytics unless told not to; a bench never reaches the internet.
process.env.DO_NOT_TRACK = '1';

const runs = benchInteger('BENCH_RUNS', 3);

const report = benchReport('permissions');
const row = (what: string, value: string) => {
  console.log(`${what.padEnd(78)} ${value}`);
  report.row(what, value);
};

const permissions = await startPermissionsChain();
const { sc, environment, token } = permissions;
const provider = new JsonRpcProvider(sc.chain.url, undefined, {
  staticNetwork: true,
  cacheTimeout: -1,
});
try {
  const stateless = await deployContract(
    sc.chain.url,
    LOCAL_FUNDED_KEY,
    { abi: statelessAbi, bytecode: EIP7702StatelessDeleGator },
    [environment.DelegationManager, sc.contracts.entryPoint],
  );
  const tokens = new Contract(
    token,
    ['function transfer(address,uint256)'],
    new Wallet(LOCAL_FUNDED_KEY, provider),
  );

  /**
   * A listener with 10 ETH and 1,000 tokens whose address runs `delegate`: Encore's as the tests'
   * listeners do, or MetaMask's stateless DeleGator, authorized by the address's own transaction.
   */
  async function listener(delegate: 'encore' | 'stateless'): Promise<KeyedAccount> {
    if (delegate === 'encore') return permissions.listener();
    const key = generatePrivateKey();
    const wallet = new Wallet(key, provider);
    await sendLocalEther(sc.chain.url, wallet.address, 10n * ETH);
    await (await tokens.getFunction('transfer')(wallet.address, 1_000n * ETH)).wait();
    const authorization = await wallet.authorize({
      address: stateless,
      nonce: 1,
      chainId: sc.chain.chainId,
    });
    await (
      await wallet.sendTransaction({
        type: 4,
        to: wallet.address,
        authorizationList: [authorization],
      })
    ).wait();
    return { key, address: wallet.address as Hex };
  }

  async function grant(
    from: { key: Hex; address: Hex },
    to: Hex,
    kind: 'native' | 'erc20',
  ): Promise<Delegation> {
    const startDate = Number((await publicClient(sc).getBlock()).timestamp);
    const delegation = createDelegation({
      environment,
      scope:
        kind === 'native'
          ? {
              type: ScopeType.NativeTokenPeriodTransfer,
              periodAmount: ETH,
              periodDuration: DAY,
              startDate,
            }
          : {
              type: ScopeType.Erc20PeriodTransfer,
              tokenAddress: token,
              periodAmount: 10n * ETH,
              periodDuration: DAY,
              startDate,
            },
      from: from.address,
      to,
    });
    const signature = await signDelegation({
      privateKey: from.key,
      delegation,
      delegationManager: environment.DelegationManager,
      chainId: sc.chain.chainId,
    });
    return { ...delegation, signature };
  }

  /** Gas of the first and a later redemption of one grant, by the kit's sendTransactionWithDelegation. */
  async function redemptions(
    delegate: 'encore' | 'stateless',
    kind: 'native' | 'erc20',
  ): Promise<bigint[]> {
    const fan = await listener(delegate);
    const client = sessionClient(sc, (await permissions.session()).key);
    const permission = await grant(fan, client.account.address, kind);
    const payee = privateKeyToAccount(generatePrivateKey()).address;
    const gas: bigint[] = [];
    for (let i = 0; i < 2; i++) {
      const hash = await client.sendTransactionWithDelegation({
        ...(kind === 'native'
          ? { to: payee, value: ETH / 10n }
          : {
              to: token,
              data: encodeFunctionData({
                abi: erc20,
                functionName: 'transfer',
                args: [payee, ETH],
              }),
            }),
        permissionContext: [permission],
        delegationManager: environment.DelegationManager,
        chain: client.chain,
        account: client.account,
      });
      const receipt = await publicClient(sc).waitForTransactionReceipt({ hash });
      if (receipt.status !== 'success')
        throw new Error(`${delegate} ${kind} redemption ${i + 1} reverted`);
      gas.push(receipt.gasUsed);
    }
    return gas;
  }

  console.log('Gas of one redemption through the DelegationManager (the session account pays it):');
  for (const kind of ['native', 'erc20'] as const) {
    const encore = await redemptions('encore', kind);
    const other = await redemptions('stateless', kind);
    const what = kind === 'native' ? 'native-token-periodic' : 'erc20-token-periodic';
    row(`${what}, first redemption, EncoreAccount`, (encore[0] ?? 0n).toLocaleString('en'));
    row(
      `${what}, first redemption, EIP7702StatelessDeleGator`,
      (other[0] ?? 0n).toLocaleString('en'),
    );
    row(`${what}, later redemption, EncoreAccount`, (encore[1] ?? 0n).toLocaleString('en'));
    row(
      `${what}, later redemption, EIP7702StatelessDeleGator`,
      (other[1] ?? 0n).toLocaleString('en'),
    );
  }
  console.log('Runtime code (bytes):');
  const size = async (address: string) => ((await provider.getCode(address)).length - 2) / 2;
  row('EncoreAccount', (await size(sc.contracts.delegate)).toLocaleString('en'));
  row('EIP7702StatelessDeleGator 1.3.0', (await size(stateless)).toLocaleString('en'));
} finally {
  provider.destroy();
  await permissions.stop();
}

// Set-up time on fresh chains: the framework after the EntryPoint, as deploySponsoredCalls does.
const entryPointMs: number[] = [];
const frameworkMs: number[] = [];
for (let i = 0; i < runs; i++) {
  const chain = await startLocalChain({ port: await freePort() });
  try {
    const a = performance.now();
    await deployEntryPointV08(chain.url, LOCAL_FUNDED_KEY);
    const b = performance.now();
    await deployDelegationFramework(chain.url, LOCAL_FUNDED_KEY);
    entryPointMs.push(b - a);
    frameworkMs.push(performance.now() - b);
  } finally {
    await chain.stop();
  }
}
console.log(`Deployment on a fresh local chain (median of ${runs}):`);
row('EntryPoint v0.8 (for comparison)', `${Math.round(median(entryPointMs))} ms`);
row(
  'Delegation Framework (DelegationManager + 5 enforcers)',
  `${Math.round(median(frameworkMs))} ms`,
);
report.finish();
