// Encore's delegate as builds pinned it before it accepted spend permissions' redemptions (no
// `executeFromExecutor`, no ERC-1271): `previous-delegate/EncoreAccount.sol` is that source, byte for
// byte, compiled as `chain/compile.ts` compiles the current one, so its runtime code is the code
// listeners delegated to then. The tests deploy it and delegate an address to it, as a listener of
// that build would have, to show the wallet moves such an address to the pinned delegate.

import { readFile } from 'node:fs/promises';
import { type BaseWallet, JsonRpcProvider, keccak256, Wallet } from 'ethers';
import { compileSolidity, deployContract, LOCAL_FUNDED_KEY } from '../../chain/index.ts';
import { rawRpc, type SponsoredChain } from './sponsored-chain.ts';

/** The previous delegate's runtime code hash on a chain whose EntryPoint v0.8 is at its canonical address. */
export const PREVIOUS_DELEGATE_CODE_HASH =
  '0x00e44dd44f8af36de281f08c9e6374c80450956f5dc15e553a4338e2aaba3627' as const;

export interface PreviousDelegate {
  readonly address: `0x${string}`;
  /** keccak256 of its runtime code, as the chain holds it. */
  readonly codeHash: `0x${string}`;
}

/** Compiles and deploys the previous delegate, bound to the chain's EntryPoint as it was. */
export async function deployPreviousDelegate(sc: SponsoredChain): Promise<PreviousDelegate> {
  const source = await readFile(
    new URL('./previous-delegate/EncoreAccount.sol', import.meta.url),
    'utf8',
  );
  const compiled = compileSolidity({ 'EncoreAccount.sol': source }).EncoreAccount;
  if (!compiled) throw new Error('previous-delegate/EncoreAccount.sol has no EncoreAccount');
  const address = await deployContract(sc.chain.url, LOCAL_FUNDED_KEY, compiled, [
    sc.contracts.entryPoint,
  ]);
  const code = await rawRpc(sc.chain.url, 'eth_getCode', [address, 'latest']);
  if (!('result' in code)) throw new Error(`eth_getCode: ${code.error.message}`);
  return { address, codeHash: keccak256(String(code.result)) as `0x${string}` };
}

/** Hardhat's fifth default account (public, local only): sends the previous build's upgrade. */
const PREVIOUS_UPGRADER_KEY = '0x47e179ec197488593b187f80a00eb0da91f1b9d0b13f8733639f19c30a34926a';

/**
 * Delegates `listener` to `delegate` as the previous build's wallet did: the listener's own
 * EIP-7702 authorization, carried by a transaction a funded test account sends.
 */
export async function delegateTo(
  sc: SponsoredChain,
  listener: BaseWallet,
  delegate: `0x${string}`,
): Promise<void> {
  const provider = new JsonRpcProvider(sc.chain.url, undefined, { staticNetwork: true });
  try {
    const nonce = await provider.getTransactionCount(listener.address, 'latest');
    const authorization = listener.authorizeSync({
      address: delegate,
      nonce,
      chainId: sc.chain.chainId,
    });
    const payer = new Wallet(PREVIOUS_UPGRADER_KEY, provider);
    const tx = await payer.sendTransaction({
      type: 4,
      to: payer.address,
      authorizationList: [authorization],
      gasLimit: 100_000n,
    });
    await tx.wait();
  } finally {
    provider.destroy();
  }
}
