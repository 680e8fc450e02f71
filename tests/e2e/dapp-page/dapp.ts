// A page written the way dapps are: viem's custom(window.ethereum) transport for reads, and
// @wagmi/core's injected connector to connect, read and sign. Bundled by the spec with esbuild;
// the browser test drives it through `window.dapp`.

import {
  connect,
  createConfig,
  getBalance,
  getBlockNumber,
  injected,
  readContract,
  signMessage,
} from '@wagmi/core';
import { type Address, createPublicClient, custom, type EIP1193Provider, erc20Abi } from 'viem';
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

(window as unknown as { dapp: object }).dapp = { viemReads, wagmi };
