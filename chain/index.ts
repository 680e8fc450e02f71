export type { CompiledContract } from './compile.ts';
export { compileContract, compileSolidity } from './compile.ts';
export { deployContract } from './deploy.ts';
export type { LocalChain, StartLocalChainOptions } from './local-chain.ts';
export { LOCAL_CHAIN_ID, LOCAL_FUNDED_KEY, startLocalChain } from './local-chain.ts';
