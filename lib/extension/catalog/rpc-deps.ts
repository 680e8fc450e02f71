// The catalog side of the RPC methods: one lookup per ID token request (two catalog calls: the
// wallet's user id, then that user), and a token minted from exactly what the lookup returned.

import { type CatalogClient, createIdToken, idTokenSubjectOf } from '@encore-wallet/catalog';
import type { RpcDeps } from '../rpc/index.ts';

export interface CatalogDepsOptions {
  client(): Promise<CatalogClient>;
  idTokenLifetimeSeconds(): Promise<number>;
}

export function createCatalogDeps(options: CatalogDepsOptions): RpcDeps['catalog'] {
  return {
    findUser: async (address) => {
      const client = await options.client();
      const id = await client.getUserIdByWallet(address);
      return id ? idTokenSubjectOf(await client.getUser(id)) : null;
    },
    createIdToken: (wallet, user, token) => createIdToken(wallet, user, token),
    idTokenLifetimeSeconds: () => options.idTokenLifetimeSeconds(),
  };
}
