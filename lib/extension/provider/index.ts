// The page side of Encore: the EIP-1193 provider a site sees, announced through EIP-6963. Runs in
// the page's MAIN world, so nothing here holds a secret or decides anything.

export type { EncoreProvider, RequestArguments } from './inpage-provider.ts';
export { installProvider } from './install.ts';
export { answerAsMetaMask } from './metamask-flag.ts';
