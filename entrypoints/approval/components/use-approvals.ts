import { useLayoutEffect, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import type { ApprovalSnapshot } from '../../../lib/extension/approvals/index.ts';
import { APPROVAL_PORT_NAME } from '../../../lib/extension/protocol/index.ts';

export interface ApprovalsState {
  snapshot: ApprovalSnapshot | null;
  /** The worker stopped: everything this window showed was rejected at the site (4900). */
  expired: boolean;
}

/** The live queue from the worker over one port; its disconnect means the requests expired. */
export interface ApprovalFeed {
  current(): ApprovalsState;
  /** Calls `listener` on every change; returns the unsubscribe. */
  subscribe(listener: (state: ApprovalsState) => void): () => void;
}

/**
 * Connects at once (main.tsx calls it before the first render), so the worker's first snapshot
 * is on its way while the page renders; it is kept until the window's hook reads it.
 */
export function connectApprovalFeed(): ApprovalFeed {
  let state: ApprovalsState = { snapshot: null, expired: false };
  const listeners = new Set<(state: ApprovalsState) => void>();
  const set = (next: ApprovalsState): void => {
    state = next;
    for (const listener of listeners) listener(state);
  };
  const port = browser.runtime.connect({ name: APPROVAL_PORT_NAME });
  port.onMessage.addListener((snapshot: ApprovalSnapshot) => set({ snapshot, expired: false }));
  port.onDisconnect.addListener(() => set({ ...state, expired: true }));
  return {
    current: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export function useApprovals(feed: ApprovalFeed): ApprovalsState {
  const [state, setState] = useState<ApprovalsState>(feed.current());
  // A layout effect, so the subscription starts right after the first render: a plain effect
  // waits for the next frame, and a snapshot that arrives meanwhile would wait with it.
  useLayoutEffect(() => {
    // A new feed's latest state (the first one's is what useState started from).
    setState(feed.current());
    return feed.subscribe(setState);
  }, [feed]);
  return state;
}
