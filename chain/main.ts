// `npm run chain`: the local chain (chain id 31337) on CHAIN_PORT (default 8545) with the demo
// contracts deployed. Prints the addresses as NAME=value lines (scripts/start.sh reads them) and
// runs until Ctrl-C, then stops the node.
import { integerFromEnv } from '../lib/env/index.ts';
import { deployDemoContracts } from './demo-contracts.ts';
import { LOCAL_FUNDED_KEY, LOCAL_RELAYER_KEY, startLocalChain } from './local-chain.ts';

const port = integerFromEnv(process.env, 'CHAIN_PORT', { fallback: 8545, min: 1, max: 65535 });
if (!port.ok) {
  console.error(port.error);
  process.exit(2);
}
const chain = await startLocalChain({ port: port.value });
let stopping = false;
const stop = async (code: number): Promise<never> => {
  stopping = true;
  await chain.stop();
  process.exit(code);
};
process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));
try {
  const contracts = await deployDemoContracts(chain.url, LOCAL_FUNDED_KEY);
  console.log(`Local chain ${chain.chainId} on ${chain.url}`);
  console.log(`CHAIN_RPC_URL=${chain.url}`);
  console.log(`FAVORITES_ADDRESS=${contracts.favorites}`);
  console.log(`DEMO_TOKEN_ADDRESS=${contracts.token}`);
  console.log('Funded development keys (Hardhat accounts 0 and 1, public: local use only):');
  console.log(`LOCAL_FUNDED_KEY=${LOCAL_FUNDED_KEY}`);
  console.log(`RELAYER_KEY=${LOCAL_RELAYER_KEY}`);
  console.log('Press Ctrl-C to stop the chain.');
} catch (error) {
  if (!stopping) {
    console.error(`Deploying the demo contracts failed: ${(error as Error).message}`);
    await stop(1);
  }
}
