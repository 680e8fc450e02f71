// Arachnid's deterministic deployer (the CREATE2 factory every public chain carries): what puts
// the EntryPoint at its canonical address, and what Alto deploys its simulation contracts through.
import { concat, getCreate2Address, JsonRpcProvider, keccak256, Wallet } from 'ethers';
import { jsonRpc } from './json-rpc.ts';

/** The factory's address on every chain. */
export const DETERMINISTIC_DEPLOYER = '0x4e59b44847b379578588920ca78fbf26c0b4956c' as const;

/**
 * Its runtime code. Public chains got it from a pre-EIP-155 transaction signed by nobody's key;
 * the local chain is given the code directly (`hardhat_setCode`), which leaves it identical.
 */
const DETERMINISTIC_DEPLOYER_CODE =
  '0x7fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffe03601600081602082378035828234f58015156039578182fd5b8082525050506014600cf3';

/** Puts the deterministic deployer on a local Hardhat chain when it is not there. */
export async function ensureDeterministicDeployer(rpcUrl: string): Promise<void> {
  const code = String(await jsonRpc(rpcUrl, 'eth_getCode', [DETERMINISTIC_DEPLOYER, 'latest']));
  if (code !== '0x') return;
  await jsonRpc(rpcUrl, 'hardhat_setCode', [DETERMINISTIC_DEPLOYER, DETERMINISTIC_DEPLOYER_CODE]);
}

/** Where the deployer puts `initCode` under `salt`: the same address on every chain. */
export function deterministicAddress(salt: `0x${string}`, initCode: `0x${string}`): `0x${string}` {
  return getCreate2Address(DETERMINISTIC_DEPLOYER, salt, keccak256(initCode)) as `0x${string}`;
}

/**
 * Deploys `initCode` under `salt` through the deterministic deployer from `privateKey`'s account
 * (the deployer is put in place first on a local chain) and resolves to its address once it
 * holds code. When the address already holds code, nothing is sent: CREATE2 would fail there,
 * and only this init code can have put code at this address through the deployer.
 */
export async function deployDeterministic(
  rpcUrl: string,
  privateKey: string,
  salt: `0x${string}`,
  initCode: `0x${string}`,
): Promise<`0x${string}`> {
  const address = deterministicAddress(salt, initCode);
  if (String(await jsonRpc(rpcUrl, 'eth_getCode', [address, 'latest'])) !== '0x') return address;
  await ensureDeterministicDeployer(rpcUrl);
  const provider = new JsonRpcProvider(rpcUrl, undefined, { staticNetwork: true });
  try {
    const wallet = new Wallet(privateKey, provider);
    const sent = await wallet.sendTransaction({
      to: DETERMINISTIC_DEPLOYER,
      data: concat([salt, initCode]),
    });
    const receipt = await sent.wait();
    const code = String(await jsonRpc(rpcUrl, 'eth_getCode', [address, 'latest']));
    if (receipt?.status !== 1 || code === '0x') {
      throw new Error(`The deterministic deployer did not deploy ${address} (tx ${sent.hash})`);
    }
    return address;
  } finally {
    provider.destroy();
  }
}

/**
 * Deploys several init codes under one `salt` at once: the missing ones are sent one after the
 * other without waiting (consecutive nonces of `privateKey`'s account), then awaited together,
 * which saves a round trip per contract on a chain that every test starts. Resolves to their
 * addresses in order, once each holds code.
 */
export async function deployDeterministicAll(
  rpcUrl: string,
  privateKey: string,
  salt: `0x${string}`,
  initCodes: readonly `0x${string}`[],
): Promise<`0x${string}`[]> {
  const addresses = initCodes.map((initCode) => deterministicAddress(salt, initCode));
  const codes = await Promise.all(
    addresses.map(async (address) =>
      String(await jsonRpc(rpcUrl, 'eth_getCode', [address, 'latest'])),
    ),
  );
  const missing = initCodes.filter((_, index) => codes[index] === '0x');
  if (missing.length === 0) return addresses;
  await ensureDeterministicDeployer(rpcUrl);
  const provider = new JsonRpcProvider(rpcUrl, undefined, { staticNetwork: true });
  try {
    const wallet = new Wallet(privateKey, provider);
    let nonce = await provider.getTransactionCount(wallet.address, 'pending');
    const sent = [];
    for (const initCode of missing) {
      sent.push(
        await wallet.sendTransaction({
          to: DETERMINISTIC_DEPLOYER,
          data: concat([salt, initCode]),
          nonce: nonce++,
        }),
      );
    }
    const receipts = await Promise.all(sent.map((tx) => tx.wait()));
    const failed = receipts.findIndex((receipt) => receipt?.status !== 1);
    if (failed !== -1) {
      throw new Error(`The deterministic deployer did not deploy (tx ${sent[failed]?.hash})`);
    }
    for (const address of addresses) {
      if (String(await jsonRpc(rpcUrl, 'eth_getCode', [address, 'latest'])) === '0x') {
        throw new Error(`The deterministic deployer did not deploy ${address}`);
      }
    }
    return addresses;
  } finally {
    provider.destroy();
  }
}
