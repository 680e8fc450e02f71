import { Contract, JsonRpcProvider, Wallet } from 'ethers';
import { compileContract } from './compile.ts';
import { deployContract } from './deploy.ts';

/** The reference paymaster on a chain, funded at its EntryPoint. */
export interface SponsorPaymaster {
  /** EncorePaymaster.sol: OpenZeppelin's PaymasterSigner bound to the EntryPoint. */
  readonly address: `0x${string}`;
  /** Who signs its `paymasterData` (the sponsor service's key's address). */
  readonly signer: `0x${string}`;
  /** Its deposit at the EntryPoint after funding, in wei. */
  readonly deposit: bigint;
}

export interface DeploySponsorPaymasterOptions {
  readonly entryPoint: `0x${string}`;
  /** The address whose signatures make the paymaster pay. */
  readonly signer: `0x${string}`;
  /** Who may withdraw the deposit and replace the signer (default: the deploying account). */
  readonly owner?: `0x${string}`;
  /** Wei put into its EntryPoint deposit (default 10 ETH). */
  readonly depositWei?: bigint;
}

const depositOfAbi = ['function balanceOf(address account) view returns (uint256)'];

/**
 * Compiles and deploys EncorePaymaster from `privateKey`'s account, then funds its deposit at the
 * EntryPoint (`deposit()` with value): the EntryPoint takes each sponsored operation's fee from
 * that deposit and refunds it to the bundler. Resolves with the deposit read back from the
 * EntryPoint.
 */
export async function deploySponsorPaymaster(
  rpcUrl: string,
  privateKey: string,
  options: DeploySponsorPaymasterOptions,
): Promise<SponsorPaymaster> {
  const code = await compileContract('EncorePaymaster');
  const provider = new JsonRpcProvider(rpcUrl, undefined, { staticNetwork: true });
  try {
    const wallet = new Wallet(privateKey, provider);
    const owner = options.owner ?? (wallet.address as `0x${string}`);
    const address = await deployContract(rpcUrl, privateKey, code, [
      options.entryPoint,
      options.signer,
      owner,
    ]);
    const paymaster = new Contract(address, code.abi as never[], wallet);
    const funding = await paymaster.getFunction('deposit')({
      value: options.depositWei ?? 10n * 10n ** 18n,
    });
    await funding.wait();
    const entryPoint = new Contract(options.entryPoint, depositOfAbi, provider);
    const deposit = (await entryPoint.getFunction('balanceOf')(address)) as bigint;
    return { address, signer: options.signer, deposit };
  } finally {
    provider.destroy();
  }
}
