// The packages' declarations in a Node project without the DOM library (type-checked only): the
// backend client's functions fit the wallet core, the backend's listener fits node:http, the
// contract's schemas and the catalog client's answers are typed.
import { createServer, type RequestListener } from 'node:http';
import { type BackendFns, createBackendFns } from '@encore-wallet/backend-client';
import { type CatalogClient, createCatalogClient, type User } from '@encore-wallet/catalog';
import { type SetAuthRequest, SetAuthRequestSchema } from '@encore-wallet/contract';
import { type GetFn, Hedgehog, type KeyValueStore } from '@encore-wallet/core';
import { wrapWebStorage } from '@encore-wallet/core/storage';
import { type Backend, createBackend, type StartServerOptions } from '@encore-wallet/server';

export async function wire(baseUrl: string, hostListUrl: string): Promise<string> {
  const fns: BackendFns = createBackendFns({ baseUrl });
  const getFn: GetFn = fns.getFn;
  const memory = new Map<string, string>();
  const storage: KeyValueStore = wrapWebStorage({
    getItem: (key) => memory.get(key) ?? null,
    setItem: (key, value) => void memory.set(key, value),
    removeItem: (key) => void memory.delete(key),
  });
  const hedgehog = new Hedgehog(getFn, fns.setAuthFn, fns.setUserFn, { storage });
  const record: SetAuthRequest = SetAuthRequestSchema.parse({});
  const options: StartServerOptions = { databaseUrl: 'sqlite::memory:', port: 0 };
  const backend: Backend = await createBackend(options);
  const listener: RequestListener = backend.listener;
  createServer(listener);
  const catalog: CatalogClient = createCatalogClient({ hostListUrl, appName: 'site' });
  const user: User = await catalog.getUser('1');
  const wallet = await hedgehog.login(user.handle, record.lookupKey);
  return wallet.address;
}
