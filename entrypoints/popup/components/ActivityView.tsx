import type { JSX } from 'preact';
import { useEffect } from 'preact/hooks';
import type { ActivityEntry } from '../../../lib/extension/activity/index.ts';
import type { ChainSummary } from '../../../lib/extension/messages/index.ts';
import {
  describeError,
  displayOrigin,
  ShortForms,
  Spinner,
  useAsync,
} from '../../../lib/extension/ui/index.ts';
import { formatNativeRounded } from '../../../lib/transactions/index.ts';
import { sendMessage } from './api.ts';
import { PaidBy, sponsorHost } from './PaidBy.tsx';
import { useStatusNews } from './status-news.ts';

/** How often the open list asks the chain about pending transactions. */
const REFRESH_PENDING_MS = 3_000;

const STATUS_TEXT: Record<ActivityEntry['status'], string> = {
  pending: 'Pending',
  confirmed: 'Confirmed',
  failed: 'Failed',
  dropped: 'Dropped',
  refused: 'Not sent',
};

/** When a refusing sponsor said to ask again, in the person's own clock. */
function retryTime(at: number): string {
  return new Date(at).toLocaleTimeString(undefined, { timeStyle: 'short' });
}

/**
 * Every transaction Encore sent from this account on the current chain, and every batch of calls
 * a site's sponsor paid for, newest first, with what the chain says about it. Pending ones are asked about when the view opens and every few
 * seconds while it stays open.
 */
export function ActivityView(props: { account: string; onClose(): void }): JSX.Element {
  const [list, reload] = useAsync(() => sendMessage('activity.list'), [props.account]);
  const pending =
    list.status === 'done' && list.value.entries.some((entry) => entry.status === 'pending');

  // A transaction confirmed (or failed) while the list is open is announced, not only redrawn.
  const news = useStatusNews(list.status === 'done' ? list.value.entries : null, STATUS_TEXT);

  useEffect(() => {
    if (!pending) return;
    const timer = setInterval(reload, REFRESH_PENDING_MS);
    return () => clearInterval(timer);
  }, [pending, reload]);

  return (
    <section class="section activity" aria-labelledby="activity-title" data-testid="activity">
      <div class="activity-head">
        <h2 id="activity-title" class="card-title">
          Activity
          {list.status === 'done' ? <span class="muted"> on {list.value.chain.name}</span> : null}
        </h2>
        <button
          type="button"
          class="btn btn-secondary btn-sm"
          data-testid="close-activity"
          onClick={props.onClose}
        >
          Back
        </button>
      </div>
      <p class="visually-hidden" role="status" data-testid="activity-news">
        {news}
      </p>
      {list.status === 'loading' ? (
        <p class="center muted" role="status">
          <Spinner /> Loading…
        </p>
      ) : list.status === 'error' ? (
        <p class="field-error" role="alert">
          {describeError(list.error)}
        </p>
      ) : (
        <>
          {list.value.unreadable ? (
            <p class="alert alert-info small" data-testid="activity-unreadable">
              Pending transactions could not be checked: {list.value.unreadable}
            </p>
          ) : null}
          {list.value.entries.length === 0 ? (
            <p class="muted small" data-testid="activity-empty">
              No transactions yet. When a site asks you to send one and you approve it, it shows
              here with what it did and what it cost.
            </p>
          ) : (
            <ol class="entry-list" data-testid="activity-list">
              {list.value.entries.map((entry) => (
                <ActivityItem key={entry.hash} entry={entry} chain={list.value.chain} />
              ))}
            </ol>
          )}
        </>
      )}
    </section>
  );
}

export function ActivityItem(props: { entry: ActivityEntry; chain: ChainSummary }): JSX.Element {
  const { entry, chain } = props;
  const when = new Date(entry.sentAt).toLocaleString(undefined, {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  // A sponsored batch is the sponsor's transaction once mined; until then, its operation hash.
  const hash = entry.batch ? (entry.batch.transactionHash ?? entry.hash) : entry.hash;
  const linkable = !entry.batch || entry.batch.transactionHash !== null;
  const short = `${hash.slice(0, 10)}…${hash.slice(-6)}`;
  return (
    <li class="entry" data-testid="activity-item" data-status={entry.status}>
      <div class="activity-line">
        <span class="activity-summary">
          <ShortForms text={entry.summary} />
        </span>
        <span class={`status-badge status-${entry.status}`} data-testid="activity-status">
          {STATUS_TEXT[entry.status]}
        </span>
      </div>
      <div class="activity-meta muted small">
        {/* Hosts and addresses wrap inside themselves: a long one never scrolls the list sideways. */}
        <span class={entry.origin.startsWith('encore:') ? undefined : 'url'} title={entry.origin}>
          {displayOrigin(entry.origin)}
        </span>
        <span>{when}</span>
        {entry.batch ? (
          <span data-testid="activity-paid-by" title={entry.batch.paidBy}>
            paid by <PaidBy paidBy={entry.batch.paidBy} />
          </span>
        ) : entry.feePaid !== null ? (
          <span data-testid="activity-fee">
            fee {formatNativeRounded(BigInt(entry.feePaid), chain.currency)}
          </span>
        ) : null}
      </div>
      {entry.refusal ? (
        <p class="activity-refusal small" data-testid="activity-refusal">
          The sponsor at{' '}
          {entry.batch ? (
            <span class="url">{sponsorHost(entry.batch.paidBy)}</span>
          ) : (
            'the site’s sponsor'
          )}{' '}
          did not take this batch, so nothing was sent. It said: “
          <span class="verbatim">{entry.refusal.says}</span>”
          {entry.refusal.retryAt !== null
            ? ` It said to ask again after ${retryTime(entry.refusal.retryAt)}.`
            : ''}
        </p>
      ) : null}
      <div class="activity-meta small">
        {chain.explorerUrl && linkable ? (
          <a
            class="mono short"
            href={`${chain.explorerUrl}/tx/${hash}`}
            target="_blank"
            rel="noopener noreferrer"
            data-testid="activity-link"
          >
            {short}
          </a>
        ) : (
          <code class="mono short" title={hash} data-testid="activity-hash">
            {short}
          </code>
        )}
      </div>
    </li>
  );
}
