// HTTP plumbing shared by the clients in lib/ (plain fetch, so pages, workers and Node alike), and
// the rate-limit key of a client's address that the backend and the demo's relayer share.
export {
  type Exchange,
  type FetchText,
  fetchText,
  parseJson,
  type TextResponse,
} from './fetch-text.ts';
export { limitKey } from './limit-key.ts';
export { readCapped } from './read-capped.ts';
