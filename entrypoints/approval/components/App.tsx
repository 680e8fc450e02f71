import { measurePhase } from '@encore-wallet/utils/perf';
import type { JSX } from 'preact';
import { useLayoutEffect, useState } from 'preact/hooks';
import type { PendingApproval } from '../../../lib/extension/approvals/index.ts';
import { sendMessage } from '../../../lib/extension/client/index.ts';
import {
  describeError,
  originsNeedingPermission,
  requestHostPermission,
} from '../../../lib/extension/ui/index.ts';
import { Expired, NothingPending } from './EmptyStates.tsx';
import { Header } from './Header.tsx';
import { APPROVAL_HEADING_ID, APPROVAL_SUMMARY_ID, RequestView } from './RequestView.tsx';
import { type ApprovalFeed, useApprovals } from './use-approvals.ts';
import { useArmed, useShownCount } from './use-armed.ts';
import { useKeyGuard } from './use-key-guard.ts';

export function App(props: { feed: ApprovalFeed }): JSX.Element {
  const { snapshot, expired } = useApprovals(props.feed);
  // Ids already answered: their buttons stay disabled, and a later request has a new id, so it
  // never meets a button that was pressed for the one before.
  const [answered, setAnswered] = useState<ReadonlySet<string>>(new Set());
  const [error, setError] = useState<string | null>(null);

  const current = snapshot?.items[0];
  // When a new set of requests is in the page: the end of a site's request as the person sees it.
  const ids = snapshot?.items.map((item) => item.id).join(' ') ?? '';
  useLayoutEffect(() => {
    if (ids) measurePhase('encore:approval:shown', 0);
  }, [ids]);
  // Re-armed when the front request changes, when the worker raises the window for another
  // request, and when the window is shown or focused in any other way.
  const shown = useShownCount();
  const armed = useArmed(snapshot && current ? `${current.id} ${snapshot.raised} ${shown}` : null);
  useKeyGuard(armed);
  const decide = async (
    approval: PendingApproval,
    approved: boolean,
    password?: string,
  ): Promise<void> => {
    const { id, details } = approval;
    if (approved && details.kind === 'add_chain') {
      // First await of the click: the browser shows its permission prompt only for a gesture.
      const origins = originsNeedingPermission([details.chain.rpcUrl]);
      if (!(await requestHostPermission(origins))) {
        setError(`Encore needs permission to reach ${origins.join(', ')} to add this chain.`);
        return;
      }
    }
    setAnswered((prev) => new Set(prev).add(id));
    setError(null);
    try {
      await sendMessage(
        'approval.resolve',
        password === undefined ? { id, approved } : { id, approved, password },
      );
    } catch (err) {
      setError(describeError(err));
      // A wrong password leaves the request waiting: the person may try again, or reject.
      if (password !== undefined) {
        setAnswered((prev) => {
          const next = new Set(prev);
          next.delete(id);
          return next;
        });
      }
    }
  };

  let body: JSX.Element;
  if (expired) body = <Expired />;
  else if (!snapshot) body = <p class="muted approval-loading">Loading…</p>;
  else if (!current) body = <NothingPending />;
  else {
    body = (
      <RequestView
        key={current.id}
        approval={current}
        snapshot={snapshot}
        disabled={answered.has(current.id) || !armed}
        answered={answered.has(current.id)}
        onDecide={(approved, password) => void decide(current, approved, password)}
      />
    );
  }

  const content = (
    <>
      <Header position={expired ? 0 : (snapshot?.items.length ?? 0)} />
      {error && (
        <p class="alert alert-error approval-error" role="alert">
          {error}
        </p>
      )}
      {body}
    </>
  );
  // A request is a dialog named by its site and described by what it asks (RequestView's ids),
  // so a screen reader announces both when the window opens.
  return current && !expired ? (
    <div
      class="approval"
      role="dialog"
      aria-labelledby={APPROVAL_HEADING_ID}
      aria-describedby={APPROVAL_SUMMARY_ID}
    >
      {content}
    </div>
  ) : (
    <div class="approval">{content}</div>
  );
}
