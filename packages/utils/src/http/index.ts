// HTTP plumbing shared by the clients in lib/ (plain fetch, so pages, workers and Node alike), the
// rate-limit key of a client's address that the backend, the key holder and the demo's relayer
// share, whether a URL a site hands the worker names the person's own machine or network, and a
// Node server's listening and closing that the backend and the key holder share.
export { clientAddressOf } from './client-address.ts';
export {
  type Exchange,
  type FetchText,
  fetchText,
  parseJson,
  type TextResponse,
} from './fetch-text.ts';
export { limitKey } from './limit-key.ts';
export { type ListenableServer, type Listening, type ListenOptions, listen } from './listen.ts';
export { isLocalNetworkUrl, isLoopbackOrigin } from './local-network.ts';
export { readCapped } from './read-capped.ts';
