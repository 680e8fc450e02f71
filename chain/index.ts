export type { AdvancedClock } from './advance-clock.ts';
export { advanceLocalClock, DEFAULT_ADVANCE, parseDuration } from './advance-clock.ts';
export type { Bundler, StartBundlerOptions } from './bundler.ts';
export {
  bundlerArgs,
  LOCAL_BUNDLER_EXECUTOR_KEY,
  LOCAL_BUNDLER_UTILITY_KEY,
  startBundler,
} from './bundler.ts';
export type { CompiledContract } from './compile.ts';
export { compileContract, compilePackageContract, compileSolidity } from './compile.ts';
export type { DelegationFramework } from './delegation-framework.ts';
export { DELEGATION_FRAMEWORK_SALT, deployDelegationFramework } from './delegation-framework.ts';
export type { DemoContracts } from './demo-contracts.ts';
export { DEMO_TOKEN_SUPPLY, deployDemoContracts } from './demo-contracts.ts';
export { deployContract } from './deploy.ts';
export {
  DETERMINISTIC_DEPLOYER,
  deployDeterministic,
  deployDeterministicAll,
  deterministicAddress,
  ensureDeterministicDeployer,
} from './deterministic-deployer.ts';
export {
  deployEntryPointV08,
  ENTRY_POINT_V08,
  ENTRY_POINT_V08_SALT,
  entryPointV08Artifact,
} from './entry-point.ts';
export { jsonRpc } from './json-rpc.ts';
export type { LocalChain, StartLocalChainOptions } from './local-chain.ts';
export {
  LOCAL_CHAIN_ID,
  LOCAL_FUNDED_KEY,
  LOCAL_FUNDING_KEY,
  LOCAL_RELAYER_KEY,
  LOCAL_SESSION_KEY,
  LOCAL_SPONSOR_KEY,
  startLocalChain,
} from './local-chain.ts';
export type { DeploySponsorPaymasterOptions, SponsorPaymaster } from './paymaster.ts';
export { deploySponsorPaymaster } from './paymaster.ts';
export { sendLocalEther } from './send-ether.ts';
export type { SponsoredCallContracts } from './sponsored-calls.ts';
export { deploySponsoredCalls } from './sponsored-calls.ts';
