// HTTP plumbing shared by the clients in lib/ (plain fetch, so pages, workers and Node alike).
export {
  type Exchange,
  type FetchText,
  fetchText,
  parseJson,
  type TextResponse,
} from './fetch-text.ts';
export { readCapped } from './read-capped.ts';
