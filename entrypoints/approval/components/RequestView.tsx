import type { JSX } from 'preact';
import { useEffect, useLayoutEffect, useState } from 'preact/hooks';
import type { ApprovalSnapshot, PendingApproval } from '../../../lib/extension/approvals/index.ts';
import { AddChainRequest } from './AddChainRequest.tsx';
import { CallsRequest } from './CallsRequest.tsx';
import { ConnectRequest } from './ConnectRequest.tsx';
import { IdTokenRequest } from './IdTokenRequest.tsx';
import { LoginRequired } from './LoginRequired.tsx';
import { OriginBanner } from './OriginBanner.tsx';
import { SignMessageRequest } from './SignMessageRequest.tsx';
import { SpendPermissionRequest } from './SpendPermissionRequest.tsx';
import { TransactionRequest } from './TransactionRequest.tsx';
import { TypedDataRequest } from './TypedDataRequest.tsx';

interface Props {
  approval: PendingApproval;
  snapshot: ApprovalSnapshot;
  /** The buttons sleep: the request was answered, or the click guard has not woken them yet. */
  disabled: boolean;
  /** The request was answered: its password field takes no more typing. */
  answered: boolean;
  /** `password` for a transaction over the daily spending limit. */
  onDecide(approved: boolean, password?: string): void;
}

/** The request's heading (the site) and summary (what it asks), which label the window. */
export const APPROVAL_HEADING_ID = 'approval-heading';
export const APPROVAL_SUMMARY_ID = 'approval-summary';

const TITLES: Record<PendingApproval['details']['kind'], string> = {
  login: 'wants to use Encore',
  connect: 'wants to connect',
  personal_sign: 'asks you to sign a message',
  typed_data: 'asks you to sign typed data',
  id_token: 'asks who you are',
  add_chain: 'asks Encore to use a chain',
  transaction: 'asks you to send a transaction',
  calls: 'asks you to run calls',
  spend_permission: 'asks to take payments without asking each time',
};

export function RequestView({
  approval,
  snapshot,
  disabled,
  answered,
  onDecide,
}: Props): JSX.Element {
  const { details, origin } = approval;
  const needsLogin = details.kind === 'login' || !snapshot.loggedIn;
  const [password, setPassword] = useState('');
  // As the worker's needsPassword: what leaves the balance over the daily limit (or tokens under
  // one) takes the password, whoever pays the fee; so does a permit signature under a limit.
  const passwordRequired =
    details.kind === 'transaction' ||
    details.kind === 'calls' ||
    details.kind === 'spend_permission'
      ? details.spending.passwordRequired !== null
      : details.kind === 'typed_data' && (details.permit?.passwordRequired ?? null) !== null;
  // Focus starts on the site's name, never on Approve: Enter must not approve what the person has
  // not read. A new request is a new RequestView (keyed by id), so it is focused afresh.
  useLayoutEffect(() => {
    document.getElementById(APPROVAL_HEADING_ID)?.focus();
  }, []);
  // Escape rejects (cancels), as a dialog's Escape does; not while the buttons sleep.
  useEffect(() => {
    if (disabled) return;
    const onKeyDown = (event: KeyboardEvent): void => {
      if (event.key !== 'Escape' || event.repeat) return;
      event.preventDefault();
      onDecide(false);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [disabled, onDecide]);
  // The password field is not put to sleep with the buttons: typing decides nothing, and a field
  // disabled under the cursor would drop the person's focus each time the window is shown again.
  let body: JSX.Element;
  if (needsLogin) body = <LoginRequired />;
  else if (details.kind === 'connect') body = <ConnectRequest address={snapshot.address} />;
  else if (details.kind === 'personal_sign') {
    body = <SignMessageRequest details={details} origin={origin} />;
  } else if (details.kind === 'typed_data') {
    body = (
      <TypedDataRequest
        details={details}
        chainId={snapshot.chainId}
        password={password}
        onPassword={setPassword}
        disabled={answered}
      />
    );
  } else if (details.kind === 'add_chain') body = <AddChainRequest details={details} />;
  else if (details.kind === 'calls') {
    body = (
      <CallsRequest
        details={details}
        password={password}
        onPassword={setPassword}
        disabled={answered}
      />
    );
  } else if (details.kind === 'transaction') {
    body = (
      <TransactionRequest
        details={details}
        password={password}
        onPassword={setPassword}
        disabled={answered}
      />
    );
  } else if (details.kind === 'spend_permission') {
    body = (
      <SpendPermissionRequest
        details={details}
        origin={origin}
        password={password}
        onPassword={setPassword}
        disabled={answered}
      />
    );
  } else body = <IdTokenRequest details={details} origin={origin} />;

  return (
    <>
      <main class="approval-main">
        <OriginBanner
          origin={origin}
          title={TITLES[details.kind]}
          headingId={APPROVAL_HEADING_ID}
          titleId={APPROVAL_SUMMARY_ID}
        />
        {body}
      </main>
      <footer class="approval-actions">
        <button
          type="button"
          class="btn btn-secondary"
          data-testid="reject"
          disabled={disabled}
          onClick={() => onDecide(false)}
        >
          {needsLogin ? 'Cancel' : 'Reject'}
        </button>
        {!needsLogin && (
          <button
            type="button"
            class="btn btn-primary"
            data-testid="approve"
            disabled={disabled || (passwordRequired && password === '')}
            onClick={() => onDecide(true, passwordRequired ? password : undefined)}
          >
            {approveLabel(details)}
          </button>
        )}
      </footer>
    </>
  );
}

function approveLabel(details: PendingApproval['details']): string {
  switch (details.kind) {
    case 'connect':
      return 'Connect';
    case 'id_token':
      return 'Share';
    case 'add_chain':
      return 'Add chain';
    case 'spend_permission':
      return details.upgrade ? 'Upgrade and grant' : 'Grant';
    case 'calls': {
      const anyway =
        details.payment === 'own' && details.review.simulation.outcome === 'revert'
          ? ' anyway'
          : '';
      return details.upgrade ? `Upgrade and run${anyway}` : `Run${anyway}`;
    }
    case 'transaction':
      // A transaction the chain says would fail can still be sent: the fee is spent either way.
      return details.review.simulation.outcome === 'revert' ? 'Send anyway' : 'Send';
    default:
      return 'Sign';
  }
}
