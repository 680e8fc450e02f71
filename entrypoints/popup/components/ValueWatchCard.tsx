import { measurePhase, phaseStart } from '@encore-wallet/utils/perf';
import type { JSX } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { ShortForms, Spinner, useAsync } from '../../../lib/extension/ui/index.ts';
import { sendMessage } from './api.ts';
import { guessCost, lockAction, strongerLock } from './record-lock.ts';
import { valueLines } from './value-lines.ts';
import './value-watch.css';

export interface ValueWatchCardProps {
  account: string;
  /**
   * Opens the way to re-encrypt the record under a costlier key; no button without it, nor once
   * the record has the strongest format.
   */
  onStrengthen?: () => void;
  /** Opens the way to move everything to another wallet; no button without it. */
  onMove?: () => void;
}

/**
 * Shown when the wallet holds more than a chain's threshold: what it holds, what a guess at the
 * password costs against the account's record as it is now, and the ways to a stronger lock that
 * are left. It never blocks the wallet: "Not now" hides it until the value grows by a quarter
 * (the worker records the level), and a failed read shows nothing. The card comes in after the
 * popup has opened: a status region, there from the popup's first render, announces it.
 */
export function ValueWatchCard(props: ValueWatchCardProps): JSX.Element {
  const [started] = useState(phaseStart);
  const [watch] = useAsync(() => sendMessage('value.watch'), [props.account]);
  // The record's format, read each time the card mounts (after a strengthen, the view it closes
  // mounts the card again): the card states the lock the record has, not the one it had.
  const [lock] = useAsync(() => sendMessage('strengthen.status'), [props.account]);
  // Marked once the answer is on screen (an effect runs after the render that shows it).
  const answered = watch.status !== 'loading' && lock.status !== 'loading';
  useEffect(() => {
    if (answered) measurePhase('encore:popup:value-watch', started);
  }, [answered, started]);
  const [dismissed, setDismissed] = useState(false);
  const [dismissing, setDismissing] = useState(false);
  const shown = answered && watch.status === 'done' && watch.value.show && !dismissed;
  const news = (
    <p class="visually-hidden" role="status" data-testid="value-watch-news">
      {shown ? valueNews(valueLines(watch.value.holdings)) : ''}
    </p>
  );
  if (!shown) return news;
  const { lines, more } = valueLines(watch.value.holdings);
  // Unknown when the worker could not say: no sentence about the cost, and the strengthen view
  // (which reads the format again) stays on offer.
  const format = lock.status === 'done' ? lock.value.format : null;
  const keyHolder = lock.status === 'done' && lock.value.keyHolder;
  const target =
    format === null ? (keyHolder ? 'hardened' : 'strong') : strongerLock(format, keyHolder);
  const onStrengthen = target !== null ? props.onStrengthen : undefined;

  async function dismiss(): Promise<void> {
    setDismissing(true);
    try {
      await sendMessage('value.dismiss');
    } catch {
      // Hidden for this popup all the same; it asks again next time.
    }
    setDismissed(true);
  }

  return (
    <>
      {news}
      <section
        class="card stack value-watch"
        aria-label="Your wallet holds real value"
        data-testid="value-watch"
      >
        <h2 class="card-title">Your wallet holds real value</h2>
        <ul class="value-watch-list" data-testid="value-watch-holdings">
          {lines.map((line) => (
            <li key={line.key}>
              <strong>{line.amount}</strong>{' '}
              <span class="muted">
                <ShortForms text={line.where} />
              </span>
            </li>
          ))}
          {more > 0 ? <li class="muted">and {more} more</li> : null}
        </ul>
        {watch.value.permissions.length > 0 ? (
          <p class="intro" data-testid="value-watch-permissions">
            Spend permissions you granted can still take up to{' '}
            {watch.value.permissions.map((item, index) => (
              <span
                key={`${item.chainId}:${item.token.kind === 'erc20' ? item.token.address : ''}`}
              >
                {index > 0 ? ', ' : ''}
                <strong
                  class={item.token.kind === 'erc20' && !item.token.symbol ? 'url' : undefined}
                >
                  {item.shown}
                </strong>
              </span>
            ))}{' '}
            of it without asking again; revoke them under Permissions.
          </p>
        ) : null}
        <p class="intro">
          A username and password is a light lock for that much.
          {format === 'hardened'
            ? ''
            : ' If the wallet backend is ever breached, whoever holds its records can guess passwords on their own computers, as fast as their hardware allows, and nobody is there to stop them.'}
          {format !== null ? (
            <>
              {' '}
              <span data-testid="value-watch-lock">{guessCost(format)}</span>
            </>
          ) : null}
        </p>
        {onStrengthen ? (
          <p class="intro">
            {target === 'hardened'
              ? 'Harden it so a copied database cannot test your password, or move it to a wallet whose key only you hold.'
              : 'Give it a stronger lock, or move it to a wallet that has one.'}
          </p>
        ) : props.onMove ? (
          <p class="intro">
            Move it to a wallet with a stronger lock: one whose key only you hold.
          </p>
        ) : null}
        <div class="actions">
          <button
            type="button"
            class="btn btn-secondary"
            data-testid="value-watch-dismiss"
            disabled={dismissing}
            onClick={() => void dismiss()}
          >
            {dismissing ? <Spinner /> : null} Not now
          </button>
          {onStrengthen ? (
            <button
              type="button"
              class="btn btn-secondary"
              data-testid="strengthen-start"
              onClick={onStrengthen}
            >
              {lockAction(target ?? 'strong')}
            </button>
          ) : null}
          {props.onMove ? (
            <button
              type="button"
              class="btn btn-primary"
              data-testid="move-start"
              onClick={props.onMove}
            >
              Move everything
            </button>
          ) : null}
        </div>
        <p class="muted small">“Not now” hides this until the value grows by a quarter.</p>
      </section>
    </>
  );
}

/** The card's arrival in a sentence: what the wallet holds. */
function valueNews({ lines, more }: ReturnType<typeof valueLines>): string {
  const held = lines.map((line) => `${line.amount} ${line.where}`);
  if (more > 0) held.push(`${more} more`);
  return `Your wallet holds real value: ${held.join(', ')}.`;
}
