// HTTP plumbing shared by the clients in lib/ (plain fetch, so pages, workers and Node alike), the
// rate-limit key of a client's address that the backend and the demo's relayer share, and whether
// a URL a site hands the worker names the person's own machine or network.
export {
  type Exchange,
  type FetchText,
  fetchText,
  parseJson,
  type TextResponse,
} from './fetch-text.ts';
export { limitKey } from './limit-key.ts';
export { isLocalNetworkUrl, isLoopbackOrigin } from './local-network.ts';
export { readCapped } from './read-capped.ts';
