// A one-page site for the dapp browser tests: tests/e2e/dapp-page/dapp.ts bundled with esbuild
// (as the demo bundles its pages) and served on a free 127.0.0.1 port.

import { createServer } from 'node:http';
import { resolve } from 'node:path';
import { build } from 'esbuild';
import { freePort } from '../../support/free-port.ts';

export interface DappSite {
  url: string;
  close(): Promise<void>;
}

export async function startDappSite(): Promise<DappSite> {
  const result = await build({
    entryPoints: [resolve(import.meta.dirname, '..', 'dapp-page', 'dapp.ts')],
    bundle: true,
    format: 'esm',
    target: 'es2022',
    minify: true,
    write: false,
    logLevel: 'silent',
  });
  const script = result.outputFiles[0]?.text ?? '';
  const html =
    '<!doctype html><meta charset="utf-8"><title>Dapp</title>' +
    // The page's first script, as MetaMask-only sites check: what does window.ethereum say now?
    '<script>window.seenAtLoad = { isMetaMask: window.ethereum && window.ethereum.isMetaMask };</script>' +
    '<script type="module" src="/dapp.js"></script><h1>Dapp</h1>';
  const server = createServer((req, res) => {
    const isScript = req.url === '/dapp.js';
    res.setHeader('content-type', isScript ? 'text/javascript' : 'text/html; charset=utf-8');
    res.end(isScript ? script : html);
  });
  const port = await freePort();
  await new Promise<void>((done) => server.listen(port, '127.0.0.1', done));
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () =>
      new Promise((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
