// `npm run chain`: the local chain (chain id 31337) on CHAIN_PORT (default 8545) with the demo
// contracts, the sponsored calls' contracts and the Delegation Framework deployed, and Pimlico's Alto bundler for its
// EntryPoint on BUNDLER_PORT (default 4337). Prints the addresses as NAME=value lines
// (scripts/start.sh reads them) and runs until Ctrl-C, then stops the bundler and the node.

import { integerFromEnv } from '@encore-wallet/utils/env';
import { Wallet } from 'ethers';
import { type Bundler, startBundler } from './bundler.ts';
import { deployDemoContracts } from './demo-contracts.ts';
import {
  LOCAL_FUNDED_KEY,
  LOCAL_FUNDING_KEY,
  LOCAL_RELAYER_KEY,
  LOCAL_SESSION_KEY,
  LOCAL_SPONSOR_KEY,
  startLocalChain,
} from './local-chain.ts';
import { deploySponsorPaymaster } from './paymaster.ts';
import { deploySponsoredCalls } from './sponsored-calls.ts';

const port = integerFromEnv(process.env, 'CHAIN_PORT', { fallback: 8545, min: 1, max: 65535 });
if (!port.ok) {
  console.error(port.error);
  process.exit(2);
}
const bundlerPort = integerFromEnv(process.env, 'BUNDLER_PORT', {
  fallback: 4337,
  min: 1,
  max: 65535,
});
if (!bundlerPort.ok) {
  console.error(bundlerPort.error);
  process.exit(2);
}
const chain = await startLocalChain({ port: port.value });
let bundler: Bundler | undefined;
let stopping = false;
const stop = async (code: number): Promise<never> => {
  stopping = true;
  await bundler?.stop();
  await chain.stop();
  process.exit(code);
};
process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));
try {
  const contracts = await deployDemoContracts(chain.url, LOCAL_FUNDED_KEY);
  const sponsored = await deploySponsoredCalls(chain.url, LOCAL_FUNDED_KEY);
  // The reference backend's ERC-7677 paymaster: the sponsor's key signs its paymaster data; the
  // deploying account owns it and funds its EntryPoint deposit, from which it pays.
  const paymaster = await deploySponsorPaymaster(chain.url, LOCAL_FUNDED_KEY, {
    entryPoint: sponsored.entryPoint,
    signer: new Wallet(LOCAL_SPONSOR_KEY).address as `0x${string}`,
  });
  bundler = await startBundler({
    rpcUrl: chain.url,
    entryPoint: sponsored.entryPoint,
    port: bundlerPort.value,
    log: (line) => console.error(`bundler: ${line}`),
  });
  // The extension's build takes the delegate it may sign authorizations for in this form.
  const delegates = {
    [chain.chainId]: {
      address: sponsored.delegate,
      codeHash: sponsored.delegateCodeHash,
      entryPoint: sponsored.entryPoint,
      delegationManager: sponsored.delegationFramework.delegationManager,
      caveatEnforcers: sponsored.delegationFramework.caveatEnforcers,
    },
  };
  console.log(`Local chain ${chain.chainId} on ${chain.url}`);
  console.log(`CHAIN_RPC_URL=${chain.url}`);
  console.log(`FAVORITES_ADDRESS=${contracts.favorites}`);
  console.log(`DEMO_TOKEN_ADDRESS=${contracts.token}`);
  console.log(`ENTRY_POINT_ADDRESS=${sponsored.entryPoint}`);
  console.log(`BUNDLER_URL=${bundler.url}`);
  console.log(`PAYMASTER_ADDRESS=${paymaster.address}`);
  console.log(`DELEGATE_ADDRESS=${sponsored.delegate}`);
  console.log(`DELEGATE_CODE_HASH=${sponsored.delegateCodeHash}`);
  console.log(`FAN_ACTIONS_ADDRESS=${sponsored.fanActions}`);
  // The Delegation Framework (ERC-7710): where spend permissions are redeemed, and what caps them.
  const framework = sponsored.delegationFramework;
  console.log(`DELEGATION_MANAGER_ADDRESS=${framework.delegationManager}`);
  for (const [name, address] of Object.entries(framework.caveatEnforcers)) {
    console.log(`${name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toUpperCase()}_ADDRESS=${address}`);
  }
  console.log(`WXT_DELEGATES=${JSON.stringify(delegates)}`);
  console.log('Funded development keys (Hardhat accounts 0 to 4, public: local use only):');
  console.log(`LOCAL_FUNDED_KEY=${LOCAL_FUNDED_KEY}`);
  console.log(`RELAYER_KEY=${LOCAL_RELAYER_KEY}`);
  console.log(`FUNDING_KEY=${LOCAL_FUNDING_KEY}`);
  // Before SPONSOR_KEY: scripts/start.sh reads the values once that line is there.
  console.log(`SUPPORT_SESSION_KEY=${LOCAL_SESSION_KEY}`);
  console.log(`SPONSOR_KEY=${LOCAL_SPONSOR_KEY}`);
  console.log('Press Ctrl-C to stop the chain.');
} catch (error) {
  if (!stopping) {
    console.error(
      `Deploying the contracts or starting the bundler failed: ${(error as Error).message}`,
    );
    await stop(1);
  }
}
