// One fresh evaluation of a built worker bundle in a Node vm context with a do-nothing extension
// API (every property a function that returns another): prints the milliseconds the script's
// load took and how many zod schemas it made (each gets a `_zod` property). Run per measurement
// in its own process, so nothing is cached from an earlier one.
import { readFileSync } from 'node:fs';
import vm from 'node:vm';

const code = readFileSync(process.argv[2], 'utf8');
const stub = () =>
  new Proxy(() => undefined, {
    get: (_target, key) => (key === 'then' ? undefined : stub()),
    apply: () => stub(),
    construct: () => stub(),
  });
const quiet = { log() {}, error() {}, warn() {}, info() {}, debug() {} };
const context = {
  chrome: stub(),
  console: quiet,
  setTimeout: () => 0,
  clearTimeout() {},
  setInterval: () => 0,
  clearInterval() {},
  queueMicrotask() {},
  TextEncoder,
  TextDecoder,
  URL,
  URLSearchParams,
  crypto: globalThis.crypto,
  performance,
  WebAssembly,
  fetch: () => new Promise(() => {}),
  navigator: { userAgent: 'bench' },
  location: { href: 'chrome-extension://bench/background.js', origin: 'chrome-extension://bench' },
  addEventListener() {},
  AbortController,
  AbortSignal,
  Event,
  EventTarget,
  structuredClone,
  atob,
  btoa,
};
context.self = context;
context.globalThis = context;
vm.createContext(context);
vm.runInContext(
  `(() => { const define = Object.defineProperty; globalThis.__schemas = 0;
     Object.defineProperty = function (o, p, d) { if (p === '_zod') globalThis.__schemas++; return define(o, p, d); }; })()`,
  context,
);
const script = new vm.Script(code, { filename: 'background.js' });
const t0 = performance.now();
script.runInContext(context);
const ms = performance.now() - t0;
console.log(JSON.stringify({ ms, schemas: context.__schemas }));
