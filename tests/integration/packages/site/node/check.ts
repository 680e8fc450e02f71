// A music site's Node side, written against the installed packages only and compiled by the
// site's own tsc (node16). Prints one JSON report for the test to judge:
// - the held Hedgehog vectors open through the public API (login, Authentication);
// - the backend mounted in Hono (app.mount) and in plain node:http, each used through the
//   backend client: sign-up, login, a wrong password, a taken username, a restore that would
//   take someone else's username;
// - an artist read from the catalog.
// Arguments: vectors.json, a data directory, the catalog's host-list URL, an artist's wallet.
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createBackendFns } from '@encore-wallet/backend-client';
import { createCatalogClient } from '@encore-wallet/catalog';
import {
  AccountNotFoundError,
  BackendError,
  Hedgehog,
  UsernameTakenError,
} from '@encore-wallet/core';
import { Authentication } from '@encore-wallet/core/authentication';
import { checkMnemonic } from '@encore-wallet/core/recovery-phrase';
import { createMemoryStore } from '@encore-wallet/core/storage';
import { WalletManager } from '@encore-wallet/core/wallet-manager';
import { type Backend, createBackend } from '@encore-wallet/server';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';

interface Vector {
  name: string;
  username: string;
  password: string;
  lookupKey: string;
  iv: string;
  cipherText: string;
}

const [vectorsPath = '', dataDir = '', hostListUrl = '', artistWallet = ''] = process.argv.slice(2);
const PASSWORD = 'violet tram plays 7 encores';
const noop = async (): Promise<void> => undefined;

async function openVector(v: Vector) {
  const getFn = async ({ lookupKey }: { lookupKey: string }) =>
    lookupKey === v.lookupKey ? { iv: v.iv, cipherText: v.cipherText } : null;
  const hedgehog = new Hedgehog(getFn, noop, noop, { storage: createMemoryStore() });
  const wallet = await hedgehog.login(v.username, v.password);
  const key = await Authentication.createKey(v.password, v.iv);
  return {
    name: v.name,
    lookupKey: await Authentication.createAuthLookupKey(v.username, v.password),
    entropy: await Authentication.decryptEntropy(v.cipherText, key, v.iv),
    address: wallet.address.toLowerCase(),
    mnemonic: wallet.mnemonic?.phrase,
  };
}

/** What the backend client and the wallet core do against a backend at `baseUrl`. */
async function useBackend(baseUrl: string) {
  const fns = createBackendFns({ baseUrl });
  const site = () =>
    new Hedgehog(fns.getFn, fns.setAuthFn, fns.setUserFn, { storage: createMemoryStore() });
  const signedUp = await site().signUp('ada', PASSWORD);
  const loggedIn = await site().login('Ada', PASSWORD);
  const wrongPassword = await site()
    .login('ada', `${PASSWORD}!`)
    .catch((error: unknown) => error instanceof AccountNotFoundError);
  const taken = await site()
    .signUp('ada', 'another long passphrase 42')
    .catch((error: unknown) => error instanceof BackendError && error.status);
  const other = WalletManager.mnemonicFromEntropy(WalletManager.createEntropy());
  const restoreTaken = await site()
    .restoreFromMnemonic('ada', 'another long passphrase 42', other)
    .catch((error: unknown) => error instanceof UsernameTakenError);
  return {
    sameAddress: signedUp.address === loggedIn.address,
    phraseChecks: checkMnemonic(signedUp.mnemonic?.phrase ?? '').ok,
    wrongPassword,
    taken,
    restoreTaken,
  };
}

function listening(server: Server): Promise<string> {
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
    ),
  );
}

async function inHono(backend: Backend) {
  const app = new Hono();
  app.get('/', (c) => c.text('the site'));
  app.mount('/wallet', backend.fetch);
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((resolve) => server.once('listening', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    return { site: await (await fetch(url)).text(), ...(await useBackend(`${url}/wallet`)) };
  } finally {
    server.close();
  }
}

async function inNodeHttp(backend: Backend) {
  const server = createServer((request, response) => {
    if (!request.url?.startsWith('/wallet/')) return void response.writeHead(404).end();
    request.url = request.url.slice('/wallet'.length);
    void backend.listener(request, response);
  });
  const url = await listening(server);
  try {
    return await useBackend(`${url}/wallet`);
  } finally {
    server.close();
  }
}

const vectors = (JSON.parse(readFileSync(vectorsPath, 'utf8')) as { vectors: Vector[] }).vectors;
const opened = [];
for (const v of vectors) opened.push(await openVector(v));

const limits = {
  perAddress: 1000,
  perLookupKey: 1000,
  writesPerAddress: 1000,
  writesPerLookupKey: 1000,
};
const honoBackend = await createBackend({
  databaseUrl: `sqlite:${dataDir}/hono.sqlite`,
  rateLimit: limits,
});
const httpBackend = await createBackend({
  databaseUrl: `sqlite:${dataDir}/http.sqlite`,
  rateLimit: limits,
});
const hono = await inHono(honoBackend);
const http = await inNodeHttp(httpBackend);
await honoBackend.close();
await httpBackend.close();

const catalog = createCatalogClient({ hostListUrl, appName: 'site' });
const artistId = await catalog.getUserIdByWallet(artistWallet);
const artist = artistId ? await catalog.getUser(artistId) : null;

console.log(
  JSON.stringify({
    vectors: opened,
    hono,
    http,
    engines: [honoBackend.engine, httpBackend.engine],
    artist: artist && { id: artist.id, handle: artist.handle },
  }),
);
