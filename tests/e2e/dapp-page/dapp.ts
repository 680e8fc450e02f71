// A page written the way dapps are: viem's custom(window.ethereum) transport for reads, and
// @wagmi/core's injected connector to connect, read and sign. Bundled by the spec with esbuild;
// the browser test drives it through `window.dapp`.

import {
  connect,
  createConfig,
  getBalance,
  getBlockNumber,
  getConnection,
  injected,
  readContract,
  signMessage,
  waitForTransactionReceipt,
  writeContract,
} from '@wagmi/core';
import {
  type Address,
  createPublicClient,
  createWalletClient,
  custom,
  type EIP1193Provider,
  erc20Abi,
  type Hash,
} from 'viem';
import { hardhat } from 'viem/chains';

const ethereum = (window as unknown as { ethereum: EIP1193Provider }).ethereum;

async function viemReads(token: Address, holder: Address) {
  const client = createPublicClient({ chain: hardhat, transport: custom(ethereum) });
  const [blockNumber, balance, tokens] = await Promise.all([
    client.getBlockNumber(),
    client.getBalance({ address: holder }),
    client.readContract({
      address: token,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [holder],
    }),
  ]);
  return { blockNumber: String(blockNumber), balance: String(balance), tokens: String(tokens) };
}

async function wagmi(token: Address, holder: Address) {
  const config = createConfig({
    chains: [hardhat],
    connectors: [injected()],
    // Reads go through the wallet too, as on a page that has no RPC URL of its own.
    transports: { [hardhat.id]: custom(ethereum) },
    multiInjectedProviderDiscovery: false,
  });
  const connector = config.connectors[0];
  if (!connector) throw new Error('no injected connector');
  const { accounts, chainId } = await connect(config, { connector });
  const [blockNumber, balance, tokens] = await Promise.all([
    getBlockNumber(config),
    getBalance(config, { address: holder }),
    readContract(config, {
      address: token,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [holder],
    }),
  ]);
  const signature = await signMessage(config, { message: 'Signed through wagmi' });
  return {
    accounts: [...accounts],
    chainId,
    blockNumber: String(blockNumber),
    balance: String(balance.value),
    tokens: String(tokens),
    signature,
  };
}

/** What a write ended in: mined (with its status), or the error the wallet answered. */
type WriteOutcome =
  | { hash: Hash; status: 'success' | 'reverted' }
  | { error: { code: number | undefined; name: string } };

function failure(error: unknown): WriteOutcome {
  // viem wraps the wallet's error; the EIP-1193 code is on the error or one of its causes.
  let e: unknown = error;
  let code: number | undefined;
  while (e && typeof e === 'object') {
    const c = (e as { code?: unknown }).code;
    if (typeof c === 'number') {
      code = c;
      break;
    }
    e = (e as { cause?: unknown }).cause;
  }
  return { error: { code, name: (error as Error).name } };
}

let writeConfig: ReturnType<typeof createConfig> | undefined;
async function connectedConfig() {
  writeConfig ??= createConfig({
    chains: [hardhat],
    // Without the disconnect shim, connecting an already connected site asks nothing again.
    connectors: [injected({ shimDisconnect: false })],
    transports: { [hardhat.id]: custom(ethereum) },
    multiInjectedProviderDiscovery: false,
    pollingInterval: 200,
  });
  const connector = writeConfig.connectors[0];
  if (!connector) throw new Error('no injected connector');
  if (getConnection(writeConfig).status !== 'connected') await connect(writeConfig, { connector });
  return writeConfig;
}

/** wagmi's writeContract of an ERC-20 function, then its receipt, as a dapp's button does. */
async function wagmiWrite(
  token: Address,
  functionName: 'transfer' | 'approve',
  to: Address,
  amount: string,
): Promise<WriteOutcome> {
  try {
    const config = await connectedConfig();
    const hash = await writeContract(config, {
      address: token,
      abi: erc20Abi,
      functionName,
      args: [to, BigInt(amount)],
    });
    const { status } = await waitForTransactionReceipt(config, { hash, pollingInterval: 200 });
    return { hash, status };
  } catch (error) {
    return failure(error);
  }
}

/** viem's walletClient.sendTransaction of ether, then its receipt. */
async function viemSend(to: Address, value: string): Promise<WriteOutcome> {
  try {
    const wallet = createWalletClient({ chain: hardhat, transport: custom(ethereum) });
    const [account] = await wallet.requestAddresses();
    if (!account) throw new Error('no account');
    const hash = await wallet.sendTransaction({ account, to, value: BigInt(value) });
    const reader = createPublicClient({
      chain: hardhat,
      transport: custom(ethereum),
      pollingInterval: 200,
    });
    const { status } = await reader.waitForTransactionReceipt({ hash });
    return { hash, status };
  } catch (error) {
    return failure(error);
  }
}

const fanActionsAbi = [
  {
    type: 'function',
    name: 'favorite',
    stateMutability: 'nonpayable',
    inputs: [{ name: 'trackId', type: 'string' }],
    outputs: [],
  },
  {
    type: 'function',
    name: 'follow',
    stateMutability: 'nonpayable',
    inputs: [{ name: 'artistId', type: 'string' }],
    outputs: [],
  },
] as const;

/**
 * viem's sendCalls with a sponsor, then waitForCallsStatus: what a site that pays for its
 * listeners' favorites and follows writes.
 */
async function viemSendCalls(
  fanActions: Address,
  sponsorUrl: string,
  trackId: string,
  artistId: string,
) {
  try {
    const wallet = createWalletClient({ chain: hardhat, transport: custom(ethereum) });
    const [account] = await wallet.requestAddresses();
    if (!account) throw new Error('no account');
    const { id } = await wallet.sendCalls({
      account,
      calls: [
        { to: fanActions, abi: fanActionsAbi, functionName: 'favorite', args: [trackId] },
        { to: fanActions, abi: fanActionsAbi, functionName: 'follow', args: [artistId] },
      ],
      // No sponsor named: the listener pays, as any site's plain sendCalls asks.
      ...(sponsorUrl ? { capabilities: { sponsorService: { url: sponsorUrl } } } : {}),
    });
    const status = await wallet.waitForCallsStatus({ id, pollingInterval: 200, timeout: 60_000 });
    return {
      id,
      status: status.status,
      statusCode: status.statusCode,
      atomic: status.atomic,
      transactionHash: status.receipts?.[0]?.transactionHash ?? null,
    };
  } catch (error) {
    return failure(error);
  }
}

/** viem's getCapabilities for the connected account. */
async function viemCapabilities() {
  const wallet = createWalletClient({ chain: hardhat, transport: custom(ethereum) });
  const [account] = await wallet.requestAddresses();
  return JSON.parse(JSON.stringify(await wallet.getCapabilities({ account }))) as unknown;
}

(window as unknown as { dapp: object }).dapp = {
  viemReads,
  wagmi,
  wagmiWrite,
  viemSend,
  viemSendCalls,
  viemCapabilities,
};
