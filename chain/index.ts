export type { LocalChain, StartLocalChainOptions } from './local-chain.ts';
export { LOCAL_CHAIN_ID, LOCAL_FUNDED_KEY, startLocalChain } from './local-chain.ts';
