// The worker's side of the approval window: the queue of requests waiting for the person, the
// window that shows them, and the ports through which open windows hear every change.

import type { RuntimePort } from '../protocol/index.ts';
import { createApprovalWindow } from './approval-window.ts';
import { ApprovalError } from './errors.ts';
import { needsPassword } from './needs-password.ts';
import { ApprovalQueue } from './queue.ts';
import type { ApprovalDecision, ApprovalDetails, ApprovalSnapshot } from './types.ts';

/** What the window shows beside the queue. */
export interface ApprovalStatus {
  loggedIn: boolean;
  address: string | null;
  chainId: number;
}

export interface ApprovalServiceOptions {
  /** Read for every snapshot; may wait for the session to be ready. */
  status(): Promise<ApprovalStatus>;
  /** Resolves when `password` is the logged-in account's; rejects (with why) otherwise. */
  confirmPassword(password: string): Promise<void>;
}

export interface ApprovalService {
  /** Resolves with how it was approved; rejects with an ApprovalError when not (see ApprovalQueue). */
  request(
    origin: string,
    details: ApprovalDetails,
    signal?: AbortSignal,
  ): Promise<ApprovalDecision>;
  /**
   * The person's decision on one request. False when it no longer waits, or when approving it
   * takes the password (see approveWithPassword).
   */
  resolve(id: string, approved: boolean): boolean;
  /**
   * Approves a request that takes the password, once the backend confirms it. Rejects with why
   * when the password is wrong (the request keeps waiting, for another try or a Reject).
   */
  approveWithPassword(id: string, password: string): Promise<boolean>;
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
    async approveWithPassword(id, password) {
      const waiting = queue.get(id);
      if (!waiting) return false;
      if (!needsPassword(waiting.details)) return queue.resolve(id, true);
      await options.confirmPassword(password);
      // The same request, still waiting: an id is never reused.
      if (queue.get(id) !== waiting) throw new ApprovalError('cancelled');
      return queue.resolve(id, true, true);
    },
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
