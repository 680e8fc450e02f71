import type { JSX } from 'preact';
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { ListedGrant } from '../../../lib/extension/spend-permissions/index.ts';
import {
  describeError,
  displayOrigin,
  Spinner,
  SpokenAddress,
  useAsync,
} from '../../../lib/extension/ui/index.ts';
import { sendMessage } from './api.ts';
import './permissions.css';

/** Unix seconds as a date and time in the listener's locale. */
function when(seconds: number): string {
  return new Date(seconds * 1000).toLocaleString(undefined, {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
}

/** How often the open list asks the chain whether a revoke has taken effect. */
const REFRESH_REVOKING_MS = 2_000;

const STATE_TEXT: Record<ListedGrant['state'], string> = {
  live: 'Active',
  revoking: 'Revoking…',
  revoked: 'Revoked',
  ended: 'Ended',
};

/**
 * Every spend permission the listener granted on the current chain: the site, what it may take
 * per period, what it took (read from the chain), when it ends; each live one with Revoke, which
 * sends `disableDelegation` from the listener's address and says when the chain has taken it.
 * Revoked and ended ones are listed apart, below.
 */
export function PermissionsView(props: { account: string; onClose(): void }): JSX.Element {
  const [list, reload] = useAsync(() => sendMessage('permissions.overview'), [props.account]);
  const grants = list.status === 'done' ? list.value.grants : null;
  const revoking = grants?.some((grant) => grant.state === 'revoking') ?? false;
  const [news, setNews] = useState('');
  const seen = useRef<ReadonlyMap<string, ListedGrant['state']>>(new Map());

  useEffect(() => {
    if (!revoking) return;
    const timer = setInterval(reload, REFRESH_REVOKING_MS);
    return () => clearInterval(timer);
  }, [revoking, reload]);

  // A revoke that takes effect (or fails) while the list is open is announced, not only redrawn.
  useEffect(() => {
    if (!grants) return;
    const changes = grants
      .filter((grant) => {
        const before = seen.current.get(grant.id);
        return before !== undefined && before !== grant.state;
      })
      .map(
        (grant) =>
          `The permission of ${displayOrigin(grant.origin)}: ${
            grant.state === 'revoked' ? 'revoked on chain' : STATE_TEXT[grant.state]
          }`,
      );
    const failed = grants.flatMap((grant) => (grant.revokeFailed ? [grant.revokeFailed] : []));
    seen.current = new Map(grants.map((grant) => [grant.id, grant.state]));
    if (changes.length > 0 || failed.length > 0) setNews([...changes, ...failed].join('. '));
  }, [grants]);

  const [current, closed] = useMemo(() => {
    const all = grants ?? [];
    return [
      all.filter((grant) => grant.state === 'live' || grant.state === 'revoking'),
      all.filter((grant) => grant.state === 'revoked' || grant.state === 'ended'),
    ];
  }, [grants]);

  return (
    <section
      class="section permissions"
      aria-labelledby="permissions-title"
      data-testid="permissions"
    >
      <div class="activity-head">
        <h2 id="permissions-title" class="card-title">
          Spend permissions
        </h2>
        <button
          type="button"
          class="btn btn-secondary btn-sm"
          data-testid="close-permissions"
          onClick={props.onClose}
        >
          Back
        </button>
      </div>
      <p class="visually-hidden" role="status" data-testid="permissions-news">
        {news}
      </p>
      {list.status === 'loading' ? (
        <p class="center muted" role="status">
          <Spinner /> Reading the chain…
        </p>
      ) : list.status === 'error' ? (
        <p class="field-error" role="alert">
          {describeError(list.error)}
        </p>
      ) : list.value.grants.length === 0 ? (
        <p class="muted small" data-testid="permissions-empty">
          No site may take payments from this account. A site that offers a subscription asks for a
          permission in a window first.
        </p>
      ) : (
        <>
          <p class="muted small">
            Each site below may take up to its amount per period from this address, without asking
            again, until the permission ends or you revoke it. The amounts taken are read from the
            chain.
          </p>
          {current.length > 0 ? (
            <ul class="entry-list" data-testid="grant-list">
              {current.map((grant) => (
                <GrantItem key={grant.id} grant={grant} onChanged={reload} />
              ))}
            </ul>
          ) : (
            <p class="muted small">No permission is active.</p>
          )}
          {closed.length > 0 ? (
            <details class="grant-closed" data-testid="grant-closed">
              <summary>Revoked and ended ({closed.length})</summary>
              <ul class="entry-list">
                {closed.map((grant) => (
                  <GrantItem key={grant.id} grant={grant} onChanged={reload} />
                ))}
              </ul>
            </details>
          ) : null}
        </>
      )}
    </section>
  );
}

function GrantItem(props: { grant: ListedGrant; onChanged(): void }): JSX.Element {
  const { grant } = props;
  const site = displayOrigin(grant.origin);
  const [confirming, setConfirming] = useState(false);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const revokeButton = useRef<HTMLButtonElement>(null);
  const confirmButton = useRef<HTMLButtonElement>(null);
  const titleId = `grant-${grant.id.slice(2, 14)}`;

  useEffect(() => {
    if (confirming) confirmButton.current?.focus();
  }, [confirming]);

  async function revoke(): Promise<void> {
    setSending(true);
    setError(null);
    try {
      await sendMessage('permissions.revoke', { id: grant.id });
      setConfirming(false);
      props.onChanged();
    } catch (failure) {
      setError(describeError(failure));
    } finally {
      setSending(false);
    }
  }

  function cancel(): void {
    setConfirming(false);
    // Back where the listener was: the Revoke button renders again after this.
    requestAnimationFrame(() => revokeButton.current?.focus());
  }

  const { usage } = grant;
  return (
    <li class="entry" data-testid="grant-item" data-state={grant.state} aria-labelledby={titleId}>
      <div class="activity-line">
        <h3 id={titleId} class="grant-site url" title={grant.origin}>
          {site}
        </h3>
        <span class={`status-badge grant-${grant.state}`} data-testid="grant-state">
          {STATE_TEXT[grant.state]}
        </span>
      </div>
      <dl class="grant-terms small">
        <dt>May take</dt>
        <dd data-testid="grant-cap">{grant.words.cap}</dd>
        {usage ? (
          <>
            <dt>Taken this period</dt>
            <dd data-testid="grant-taken-period">
              {grant.words.takenThisPeriod}
              {grant.state === 'live' && usage.started
                ? ` (${grant.words.availableThisPeriod} left until ${when(usage.periodEndsAt)})`
                : ''}
            </dd>
            <dt>Taken in total</dt>
            <dd data-testid="grant-taken-total">
              {grant.words.takenTotal} of at most {grant.words.maxTotal}
            </dd>
          </>
        ) : null}
        <dt>{grant.startTime * 1000 > Date.now() ? 'Starts' : 'Started'}</dt>
        <dd>{when(grant.startTime)}</dd>
        <dt>{grant.state === 'ended' ? 'Ended' : 'Ends'}</dt>
        <dd data-testid="grant-ends">{when(grant.expiry)}</dd>
        <dt>Taken by</dt>
        <dd>
          <code class="mono url" aria-hidden="true">
            {grant.redeemer}
          </code>
          <SpokenAddress address={grant.redeemer} />
          <span class="muted"> (the site’s account)</span>
        </dd>
      </dl>
      {grant.unreadable ? (
        <p class="alert alert-info small" data-testid="grant-unreadable">
          What it has taken could not be read from the chain: {grant.unreadable}
        </p>
      ) : null}
      {grant.revokeTx ? (
        <p class="small muted">
          {grant.state === 'revoked' ? 'Revoked on chain by ' : 'Revoke sent: '}
          <code class="mono url" title={grant.revokeTx} data-testid="grant-revoke-tx">
            {grant.revokeTx.slice(0, 10)}…{grant.revokeTx.slice(-6)}
          </code>
          {grant.state === 'revoking' ? ' — waiting for the chain to take it.' : null}
        </p>
      ) : null}
      {grant.revokeFailed ? (
        <p class="field-error small" role="alert">
          {grant.revokeFailed}
        </p>
      ) : null}
      {grant.state === 'live' ? (
        confirming ? (
          <div class="grant-confirm" data-testid="grant-confirm">
            <p class="small">
              Revoking sends a transaction from your address to the chain’s delegation manager: you
              pay its network fee. Nothing else moves; {site} can take nothing more once it is in a
              block.
            </p>
            <div class="actions">
              <button
                type="button"
                class="btn btn-danger btn-sm"
                data-testid="grant-revoke-confirm"
                ref={confirmButton}
                disabled={sending}
                onClick={() => void revoke()}
              >
                {sending ? <Spinner /> : null} Revoke on chain
              </button>
              <button
                type="button"
                class="btn btn-secondary btn-sm"
                disabled={sending}
                onClick={cancel}
              >
                Keep it
              </button>
            </div>
          </div>
        ) : (
          <div class="actions">
            <button
              type="button"
              class="btn btn-ghost btn-sm"
              data-testid="grant-revoke"
              ref={revokeButton}
              aria-label={`Revoke the permission of ${site}`}
              onClick={() => setConfirming(true)}
            >
              Revoke
            </button>
          </div>
        )
      ) : null}
      {error ? (
        <p class="field-error small" role="alert" data-testid="grant-error">
          {error}
        </p>
      ) : null}
    </li>
  );
}
