// The EIP-1193 provider a page sees. It keeps no secrets and decides nothing: every request goes
// to the background through the relay. It only remembers the last chain and accounts it was told
// about, so it can emit `connect`, `chainChanged` and `accountsChanged` as EIP-1193 describes.

import { ProviderRpcError, sameAccounts } from '../protocol/index.ts';
import { Emitter, type Listener } from './internal/emitter.ts';
import type { PageChannel } from './page-channel.ts';

export interface RequestArguments {
  readonly method: string;
  readonly params?: readonly unknown[] | object;
}

export interface EncoreProvider {
  readonly isEncore: true;
  request(args: RequestArguments): Promise<unknown>;
  on(event: string, listener: Listener): EncoreProvider;
  removeListener(event: string, listener: Listener): EncoreProvider;
}

const isStringArray = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'string');

export function createInpageProvider(channel: PageChannel): EncoreProvider {
  const emitter = new Emitter();
  let chainId: string | null = null;
  let accounts: string[] = [];

  const setAccounts = (next: string[]): void => {
    if (sameAccounts(accounts, next)) return;
    accounts = next;
    emitter.emit('accountsChanged', next);
  };
  const setChain = (next: string): void => {
    if (chainId === null) {
      chainId = next;
      emitter.emit('connect', { chainId: next });
    } else if (chainId !== next) {
      chainId = next;
      emitter.emit('chainChanged', next);
    }
  };

  channel.onEvent((event, data) => {
    if (event === 'state' && typeof data === 'object' && data !== null) {
      // Sent whenever the relay (re)connects, so a worker restart never leaves stale state.
      const state = data as { chainId?: unknown; accounts?: unknown };
      if (typeof state.chainId === 'string') setChain(state.chainId);
      if (isStringArray(state.accounts)) setAccounts(state.accounts);
    } else if (event === 'accountsChanged' && isStringArray(data)) setAccounts(data);
    else if (event === 'chainChanged' && typeof data === 'string') setChain(data);
    else if (event === 'disconnect') {
      chainId = null;
      emitter.emit('disconnect', new ProviderRpcError(4900, 'Encore is disconnected.'));
    }
  });

  const provider: EncoreProvider = {
    isEncore: true,
    request(args: RequestArguments): Promise<unknown> {
      if (typeof args !== 'object' || args === null || typeof args.method !== 'string') {
        return Promise.reject(
          new ProviderRpcError(-32602, 'request() expects an object { method, params }.'),
        );
      }
      const { params } = args;
      if (params !== undefined && (typeof params !== 'object' || params === null)) {
        return Promise.reject(
          new ProviderRpcError(-32602, 'params must be an array or an object.'),
        );
      }
      return channel.send(args.method, params);
    },
    on(event: string, listener: Listener): EncoreProvider {
      emitter.on(event, listener);
      return provider;
    },
    removeListener(event: string, listener: Listener): EncoreProvider {
      emitter.off(event, listener);
      return provider;
    },
  };
  return provider;
}
