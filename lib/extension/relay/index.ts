// The isolated-world half of the provider: page postMessage <-> runtime port to the worker.
export { startRelay } from './relay.ts';
