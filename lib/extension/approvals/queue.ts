// The approval queue lives in the worker's memory only: a request that waits for a person is tied
// to the site's open port, so persisting it across a worker restart would answer a page that has
// already been told 4900. Every entry ends in exactly one of: approved, or an ApprovalError saying
// why not (rejected, cancelled because the site's tab went away, the window closed), or the error
// that kept the window from opening.

import { ApprovalError, type ApprovalRefusal } from './errors.ts';
import { needsPassword } from './needs-password.ts';
import type { ApprovalDecision, ApprovalDetails, PendingApproval } from './types.ts';

export interface ApprovalWindowControl {
  /** Shows the approval window (creates it, or focuses the one that is open). */
  open(): Promise<void>;
  /** Closes it once nothing is left to decide. */
  close(): Promise<void>;
}

const CLOSE_GRACE_MS = 150;
/** One site can keep this many requests waiting; more would let a page bury the person in prompts. */
export const MAX_PENDING_PER_ORIGIN = 5;
const LOGIN_GRACE_MS = 3000;

interface Entry {
  approval: PendingApproval;
  resolve(decision: ApprovalDecision): void;
  reject(error: Error): void;
}

export class ApprovalQueue {
  private readonly entries = new Map<string, Entry>();
  private readonly listeners = new Set<() => void>();
  private counter = 0;
  private closeTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly window: ApprovalWindowControl,
    private readonly now: () => number = Date.now,
  ) {}

  /** Resolves with how it was approved; rejects with an ApprovalError when it is not. */
  request(
    origin: string,
    details: ApprovalDetails,
    signal?: AbortSignal,
  ): Promise<ApprovalDecision> {
    if (signal?.aborted) return Promise.reject(new ApprovalError('cancelled'));
    if (this.pendingFrom(origin) >= MAX_PENDING_PER_ORIGIN) {
      return Promise.reject(new ApprovalError('too-many', MAX_PENDING_PER_ORIGIN));
    }
    this.counter += 1;
    const id = `${this.now().toString(36)}-${this.counter}`;
    return new Promise<ApprovalDecision>((resolve, reject) => {
      const approval: PendingApproval = { id, origin, details, createdAt: this.now() };
      this.entries.set(id, { approval, resolve, reject });
      signal?.addEventListener('abort', () => {
        // The site's tab closed or navigated: nobody is waiting for the answer any more.
        this.settle(id, new ApprovalError('cancelled'));
      });
      this.changed();
      this.window.open().catch((error: unknown) => {
        this.settle(id, error instanceof Error ? error : new Error(String(error)));
      });
    });
  }

  list(): PendingApproval[] {
    return [...this.entries.values()].map((entry) => entry.approval);
  }

  private pendingFrom(origin: string): number {
    let count = 0;
    for (const entry of this.entries.values()) if (entry.approval.origin === origin) count += 1;
    return count;
  }

  get size(): number {
    return this.entries.size;
  }

  /**
   * The person's decision on one entry. False when it no longer exists (already decided), or
   * when approving it takes the password and `passwordConfirmed` is not set.
   */
  resolve(id: string, approved: boolean, passwordConfirmed = false): boolean {
    const entry = this.entries.get(id);
    if (!entry) return false;
    // A login prompt is satisfied by logging in, never by a button.
    if (approved && entry.approval.details.kind === 'login') return false;
    if (approved && needsPassword(entry.approval.details) && !passwordConfirmed) return false;
    return this.settle(id, approved ? null : new ApprovalError('rejected'), passwordConfirmed);
  }

  /** The entry `id` while it waits for a decision. */
  get(id: string): PendingApproval | undefined {
    return this.entries.get(id)?.approval;
  }

  /** Logging in satisfies every "log in first" entry. */
  resolveLogins(): void {
    for (const [id, entry] of this.entries) {
      if (entry.approval.details.kind === 'login') this.settle(id, null);
    }
  }

  /** Rejects everything, e.g. with 'closed' when the person closes the window. */
  rejectAll(reason: ApprovalRefusal): void {
    for (const id of [...this.entries.keys()]) this.settle(id, new ApprovalError(reason));
  }

  onChange(cb: () => void): () => void {
    this.listeners.add(cb);
    return () => this.listeners.delete(cb);
  }

  private settle(id: string, error: Error | null, passwordConfirmed = false): boolean {
    const entry = this.entries.get(id);
    if (!entry) return false;
    this.entries.delete(id);
    if (error) entry.reject(error);
    else entry.resolve({ passwordConfirmed });
    this.changed();
    if (this.entries.size === 0) {
      // A request usually follows a login at once (the call that was waiting for it), and a
      // window that closes and reopens loses the person's focus: give it a moment.
      this.scheduleClose(entry.approval.details.kind === 'login' ? LOGIN_GRACE_MS : CLOSE_GRACE_MS);
    }
    return true;
  }

  private scheduleClose(delayMs: number): void {
    if (this.closeTimer) clearTimeout(this.closeTimer);
    this.closeTimer = setTimeout(() => {
      this.closeTimer = null;
      if (this.entries.size === 0) void this.window.close().catch(() => undefined);
    }, delayMs);
  }

  private changed(): void {
    for (const listener of this.listeners) listener();
  }
}
