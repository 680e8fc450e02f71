// The background end of every site's provider port. Each port speaks for one origin, fixed when
// it connected (from the browser's sender record). Requests run through the pipeline; answers go
// back on the same port; events go to each port whose view changed, so a revoke or a logout
// reaches exactly the sites it concerns.

import {
  answerableRequestId,
  type PortAnswer,
  type ProviderRpcError,
  type RuntimePort,
  readPortRequest,
  sameAccounts,
} from '../protocol/index.ts';
import { toHexChainId } from './chain-id.ts';
import { UnsupportedMethodError } from './errors.ts';
import { visibleAccounts } from './internal/accounts.ts';
import { runRpcRequest } from './pipeline.ts';
import type { RpcDeps } from './types.ts';

interface PortState {
  origin: string;
  accounts: string[];
  /** Aborts this port's waiting approvals when it goes away. */
  closed: AbortController;
}

export class ProviderHub {
  private readonly ports = new Map<RuntimePort, PortState>();

  constructor(private readonly deps: RpcDeps) {}

  /** Serves a site's port; `origin` must come from the port's sender, never from its messages. */
  accept(port: RuntimePort, origin: string): void {
    const state: PortState = { origin, accounts: [], closed: new AbortController() };
    this.ports.set(port, state);
    port.onDisconnect.addListener(() => {
      this.ports.delete(port);
      state.closed.abort();
    });
    port.onMessage.addListener((message) => void this.answer(port, state, message));
    void this.sendState(port, state);
  }

  /** Recomputes what each port may see and emits accountsChanged where it changed. */
  async refreshAccounts(): Promise<void> {
    await Promise.all(
      [...this.ports].map(async ([port, state]) => {
        const accounts = await this.accountsFor(state.origin);
        if (sameAccounts(accounts, state.accounts)) return;
        state.accounts = accounts;
        post(port, { kind: 'event', event: 'accountsChanged', data: accounts });
      }),
    );
  }

  chainChanged(chainId: number): void {
    for (const port of this.ports.keys()) {
      post(port, { kind: 'event', event: 'chainChanged', data: toHexChainId(chainId) });
    }
  }

  private async sendState(port: RuntimePort, state: PortState): Promise<void> {
    try {
      await this.deps.ready();
      state.accounts = await this.accountsFor(state.origin);
      const chainId = toHexChainId(await this.deps.chain.get());
      post(port, { kind: 'event', event: 'state', data: { chainId, accounts: state.accounts } });
    } catch (error) {
      console.error('[encore] could not send provider state', error);
    }
  }

  private async answer(port: RuntimePort, state: PortState, raw: unknown): Promise<void> {
    const request = readPortRequest(raw);
    if (!request) {
      // A usable id with a method no reader accepts (empty, oversized) still gets its answer,
      // so the page's promise never waits forever; anything else has nobody to answer.
      const id = answerableRequestId(raw);
      if (id !== null) {
        const error = new UnsupportedMethodError('', 'Encore does not support this method.');
        post(port, { kind: 'response', id, error: error.toRpcError() });
      }
      return;
    }
    const { id, method, params } = request;
    try {
      const ctx = { origin: state.origin, deps: this.deps, signal: state.closed.signal };
      const result = await runRpcRequest(ctx, { method, params });
      post(port, { kind: 'response', id, result: result ?? null });
    } catch (error) {
      post(port, { kind: 'response', id, error: (error as ProviderRpcError).toRpcError() });
    }
  }

  private accountsFor(origin: string): Promise<string[]> {
    return visibleAccounts({ origin, deps: this.deps });
  }
}

function post(port: RuntimePort, message: PortAnswer): void {
  try {
    port.postMessage(message);
  } catch {
    // The port closed while we worked; its onDisconnect cleans up.
  }
}
