import { useEffect, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import type { ApprovalSnapshot } from '../../../lib/extension/approvals/index.ts';
import { APPROVAL_PORT_NAME } from '../../../lib/extension/protocol/index.ts';

export interface ApprovalsState {
  snapshot: ApprovalSnapshot | null;
  /** The worker stopped: everything this window showed was rejected at the site (4900). */
  expired: boolean;
}

/** Live queue from the worker over a port; its disconnect means the requests expired. */
export function useApprovals(): ApprovalsState {
  const [state, setState] = useState<ApprovalsState>({ snapshot: null, expired: false });
  useEffect(() => {
    const port = browser.runtime.connect({ name: APPROVAL_PORT_NAME });
    port.onMessage.addListener((snapshot: ApprovalSnapshot) => {
      setState({ snapshot, expired: false });
    });
    port.onDisconnect.addListener(() => setState((prev) => ({ ...prev, expired: true })));
    return () => port.disconnect();
  }, []);
  return state;
}
