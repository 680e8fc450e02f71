// Hedgehog's own browser path: each derivation in a new dedicated Worker made from a blob, running
// scrypt-js's asynchronous scrypt (which yields to the event loop every 1000/r steps). Hedgehog
// 2.1.0 loads scrypt-js 2.0.4 from a CDN; this machine has no internet and only scrypt-js 3.0.1
// installed, whose async path is the same algorithm with the same chunking (only the API became a
// Promise), so its source is inlined into the worker instead.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';

const require = createRequire(import.meta.url);

export const SCRYPT_JS_VERSION: string = (require('scrypt-js/package.json') as { version: string })
  .version;

let workerSource: string | null = null;

async function source(): Promise<string> {
  workerSource ??= `${await readFile(require.resolve('scrypt-js/scrypt.js'), 'utf8')}
self.onmessage = (e) => {
  const { encryptStr, ivHex } = JSON.parse(e.data);
  const utf8 = new TextEncoder();
  self.scrypt.scrypt(utf8.encode(encryptStr), utf8.encode(ivHex), 32768, 8, 1, 32)
    .then((key) => postMessage(Array.from(key)));
};`;
  return workerSource;
}

/** Two derivations in sequence, as a Hedgehog login does (lookup key, then key). Milliseconds. */
export async function hedgehogBrowserLogin(page: Page): Promise<number> {
  // No named functions inside: tsx would wrap them in a helper the page does not have.
  return page.evaluate(
    async (code) => {
      const url = URL.createObjectURL(new Blob([code], { type: 'text/javascript' }));
      const t0 = performance.now();
      for (const [encryptStr, ivHex] of [
        ['bench@example:::password', '0x4f7242b39969c3ac4c6712524d633ce9'],
        ['password', 'f9dbaa8099419bd4ed9a095664a2a722'],
      ]) {
        await new Promise((resolve) => {
          const worker = new Worker(url);
          worker.onmessage = (event: MessageEvent<number[]>) => {
            worker.terminate();
            resolve(event.data);
          };
          worker.postMessage(JSON.stringify({ encryptStr, ivHex }));
        });
      }
      const ms = performance.now() - t0;
      URL.revokeObjectURL(url);
      return ms;
    },
    await source(),
  );
}
