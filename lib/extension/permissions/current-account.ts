import { NotLoggedInError } from '@encore-wallet/core';
import {
  type ConnectedSite,
  connectedAt,
  connectSite,
  listConnectedSites,
  revokeSite,
} from './store.ts';

/** The connections of whoever is logged in, by origin alone (what sites and the popup need). */
export interface CurrentConnections {
  isConnected(origin: string): Promise<boolean>;
  connectedAt(origin: string): Promise<number | null>;
  /** Throws NotLoggedInError when nobody is logged in. */
  connect(origin: string): Promise<void>;
  /** Resolves to whether it was connected; logged out, nothing is. */
  revoke(origin: string): Promise<boolean>;
  list(): Promise<ConnectedSite[]>;
}

/**
 * Binds the store to the account logged in at the moment of each call. Logged out, nothing is
 * connected. The account is read synchronously when a call starts, so one call never checks one
 * account and acts for another.
 */
export function currentConnections(currentAddress: () => string | null): CurrentConnections {
  const since = (origin: string): Promise<number | null> => {
    const address = currentAddress();
    return address ? connectedAt(address, origin) : Promise.resolve(null);
  };
  return {
    isConnected: async (origin) => (await since(origin)) !== null,
    connectedAt: since,
    connect: async (origin) => {
      const address = currentAddress();
      if (!address) throw new NotLoggedInError();
      await connectSite(address, origin);
    },
    revoke: (origin) => {
      const address = currentAddress();
      return address ? revokeSite(address, origin) : Promise.resolve(false);
    },
    list: () => {
      const address = currentAddress();
      return address ? listConnectedSites(address) : Promise.resolve([]);
    },
  };
}
