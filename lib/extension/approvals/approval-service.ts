// The worker's side of the approval window: the queue of requests waiting for the person, the
// window that shows them, and the ports through which open windows hear every change.

import type { RuntimePort } from '../protocol/index.ts';
import { createApprovalWindow } from './approval-window.ts';
import { ApprovalQueue } from './queue.ts';
import type { ApprovalDetails, ApprovalSnapshot } from './types.ts';

/** What the window shows beside the queue. */
export interface ApprovalStatus {
  loggedIn: boolean;
  address: string | null;
  chainId: number;
}

export interface ApprovalServiceOptions {
  /** Read for every snapshot; may wait for the session to be ready. */
  status(): Promise<ApprovalStatus>;
}

export interface ApprovalService {
  /** Resolves when approved; rejects with an ApprovalError when not (see ApprovalQueue). */
  request(origin: string, details: ApprovalDetails, signal?: AbortSignal): Promise<void>;
  /** The person's decision on one request. False when it no longer waits. */
  resolve(id: string, approved: boolean): boolean;
  /** Logging in satisfies every "log in first" prompt. */
  resolveLogins(): void;
  /** Requests waiting for a decision; log-in prompts are not counted. */
  pendingCount(): number;
  snapshot(): Promise<ApprovalSnapshot>;
  /** Serves an approval window's port; the caller has checked it comes from an extension page. */
  connectWindow(port: RuntimePort): void;
  /** Sends every open window the current snapshot (after a login, a logout, a chain change). */
  refresh(): Promise<void>;
}

export function createApprovalService(options: ApprovalServiceOptions): ApprovalService {
  // Each raise of the approval window is counted into the snapshot, which reaches the window
  // before the raise does: the window re-arms its buttons' delay whenever the count changes.
  let raised = 0;
  const ports = new Set<RuntimePort>();
  const queue: ApprovalQueue = new ApprovalQueue(
    createApprovalWindow({
      onClosed: () => queue.rejectAll('closed'),
      beforeRaise: () => {
        raised += 1;
        return refresh();
      },
    }),
  );

  const snapshot = async (): Promise<ApprovalSnapshot> => {
    const { loggedIn, address, chainId } = await options.status();
    return { raised, loggedIn, address, chainId, items: queue.list() };
  };

  /** Resolves once every open approval window has been sent the current snapshot. */
  async function refresh(): Promise<void> {
    if (ports.size === 0) return;
    const current = await snapshot();
    for (const port of ports) {
      try {
        port.postMessage(current);
      } catch {
        ports.delete(port);
      }
    }
  }

  queue.onChange(() => void refresh());

  return {
    request: (origin, details, signal) => queue.request(origin, details, signal),
    resolve: (id, approved) => queue.resolve(id, approved),
    resolveLogins: () => queue.resolveLogins(),
    pendingCount: () => queue.list().filter((item) => item.details.kind !== 'login').length,
    snapshot,
    connectWindow(port) {
      ports.add(port);
      port.onDisconnect.addListener(() => ports.delete(port));
      void refresh();
    },
    refresh,
  };
}
