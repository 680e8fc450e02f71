// The EIP-1193 provider a page sees. It keeps no secrets and decides nothing: every request goes
// to the background through the relay. It only remembers the last chain and accounts it was told
// about, so it can emit `connect`, `chainChanged` and `accountsChanged` as EIP-1193 describes,
// and offer the older surface pages still use (`enable`, `send`, `sendAsync`, `chainId`,
// `selectedAddress`, `networkChanged`): each is a thin wrapper over `request`.

import { ProviderRpcError, sameAccounts } from '../protocol/index.ts';
import { Emitter, type Listener } from './internal/emitter.ts';
import type { PageChannel } from './page-channel.ts';

export interface RequestArguments {
  readonly method: string;
  readonly params?: readonly unknown[] | object;
}

/** A JSON-RPC 2.0 request as `send(payload, callback)` and `sendAsync` take it. */
export interface JsonRpcPayload {
  readonly id?: unknown;
  readonly jsonrpc?: string;
  readonly method: string;
  readonly params?: readonly unknown[] | object;
}

export type JsonRpcCallback = (error: Error | null, response?: unknown) => void;

export interface EncoreProvider {
  readonly isEncore: true;
  /** Set only when the person turned on "Answer sites that only look for MetaMask". */
  isMetaMask?: boolean;
  /** The last chain the wallet reported (hex), or null before the page first asked anything. */
  readonly chainId: string | null;
  readonly networkVersion: string | null;
  /** The account this site sees (lower case), or null. */
  readonly selectedAddress: string | null;
  request(args: RequestArguments): Promise<unknown>;
  isConnected(): boolean;
  on(event: string, listener: Listener): EncoreProvider;
  once(event: string, listener: Listener): EncoreProvider;
  addListener(event: string, listener: Listener): EncoreProvider;
  removeListener(event: string, listener: Listener): EncoreProvider;
  off(event: string, listener: Listener): EncoreProvider;
  /** Legacy: eth_requestAccounts. */
  enable(): Promise<unknown>;
  /** Legacy (ethers v5): a promise of the result. */
  send(method: string, params?: readonly unknown[] | object): Promise<unknown>;
  /** Legacy (web3.js): as sendAsync. */
  send(payload: JsonRpcPayload, callback: JsonRpcCallback): undefined;
  /** Legacy web3.js form: one payload or a batch, answered through a Node-style callback. */
  sendAsync(payload: JsonRpcPayload | readonly JsonRpcPayload[], callback: JsonRpcCallback): void;
}

const isStringArray = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'string');

export function createInpageProvider(channel: PageChannel): EncoreProvider {
  const emitter = new Emitter();
  let chainId: string | null = null;
  let accounts: string[] = [];
  let connected = true;

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
      // The pre-EIP-1193 event, in decimal, for libraries that still listen for it.
      emitter.emit('networkChanged', String(Number.parseInt(next, 16)));
    }
  };

  channel.onEvent((event, data) => {
    if (event !== 'disconnect') connected = true;
    if (event === 'state' && typeof data === 'object' && data !== null) {
      // Sent whenever the relay (re)connects, so a worker restart never leaves stale state.
      const state = data as { chainId?: unknown; accounts?: unknown };
      if (typeof state.chainId === 'string') setChain(state.chainId);
      if (isStringArray(state.accounts)) setAccounts(state.accounts);
    } else if (event === 'accountsChanged' && isStringArray(data)) setAccounts(data);
    else if (event === 'chainChanged' && typeof data === 'string') setChain(data);
    else if (event === 'disconnect') {
      chainId = null;
      connected = false;
      emitter.emit('disconnect', new ProviderRpcError(4900, 'Encore is disconnected.'));
    }
  });

  const request = (args: RequestArguments): Promise<unknown> => {
    if (typeof args !== 'object' || args === null || typeof args.method !== 'string') {
      return Promise.reject(
        new ProviderRpcError(-32602, 'request() expects an object { method, params }.'),
      );
    }
    const { params } = args;
    if (params !== undefined && (typeof params !== 'object' || params === null)) {
      return Promise.reject(new ProviderRpcError(-32602, 'params must be an array or an object.'));
    }
    return channel.send(args.method, params);
  };

  // JSON-RPC 2.0 answers for the callback forms: `{ id, jsonrpc, result }` or `{ …, error }`.
  const answer = (payload: JsonRpcPayload): Promise<{ error: Error | null; response: object }> => {
    const base = { id: payload?.id, jsonrpc: '2.0' };
    return request(payload).then(
      (result) => ({ error: null, response: { ...base, result } }),
      (error: ProviderRpcError) => ({
        error,
        response: {
          ...base,
          error: { code: error.code, message: error.message, data: error.data },
        },
      }),
    );
  };
  const sendAsync = (
    payload: JsonRpcPayload | readonly JsonRpcPayload[],
    callback: JsonRpcCallback,
  ): void => {
    if (Array.isArray(payload)) {
      void Promise.all(payload.map(answer)).then((all) => {
        callback(
          null,
          all.map((one) => one.response),
        );
      });
    } else {
      void answer(payload as JsonRpcPayload).then((one) => {
        callback(one.error, one.response);
      });
    }
  };

  const listen = (event: string, listener: Listener): EncoreProvider => {
    emitter.on(event, listener);
    return provider;
  };
  const unlisten = (event: string, listener: Listener): EncoreProvider => {
    emitter.off(event, listener);
    return provider;
  };

  const provider: EncoreProvider = {
    isEncore: true,
    get chainId() {
      return chainId;
    },
    get networkVersion() {
      return chainId === null ? null : String(Number.parseInt(chainId, 16));
    },
    get selectedAddress() {
      return accounts[0] ?? null;
    },
    request,
    isConnected: () => connected,
    on: listen,
    addListener: listen,
    once(event: string, listener: Listener): EncoreProvider {
      const once = Object.assign(
        (...args: unknown[]) => {
          emitter.off(event, once);
          listener(...args);
        },
        { inner: listener },
      );
      return listen(event, once);
    },
    removeListener: unlisten,
    off: unlisten,
    enable: () => request({ method: 'eth_requestAccounts' }),
    send(methodOrPayload: string | JsonRpcPayload, paramsOrCallback?: unknown) {
      if (typeof methodOrPayload === 'string') {
        return request({ method: methodOrPayload, params: paramsOrCallback as object });
      }
      if (typeof paramsOrCallback !== 'function') return request(methodOrPayload);
      sendAsync(methodOrPayload, paramsOrCallback as JsonRpcCallback);
      return undefined;
    },
    sendAsync,
  } as EncoreProvider;
  return provider;
}
