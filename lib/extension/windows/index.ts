// The worker's pages shown in windows of their own, one window of a kind at a time.
export {
  createSingleWindow,
  type SingleWindow,
  type SingleWindowOptions,
} from './single-window.ts';
