import { measurePhase, phaseStart } from '@encore-wallet/utils/perf';
import type { JSX } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { ShortForms, Spinner, useAsync } from '../../../lib/extension/ui/index.ts';
import { sendMessage } from './api.ts';
import { valueLines } from './value-lines.ts';
import './value-watch.css';

export interface ValueWatchCardProps {
  account: string;
  /** Opens the way to re-encrypt the record under a costlier key; no button without it. */
  onStrengthen?: () => void;
  /** Opens the way to move everything to another wallet; no button without it. */
  onMove?: () => void;
}

/**
 * Shown when the wallet holds more than a chain's threshold: what it holds, why a password is a
 * weak lock for it, and the ways to a stronger one. It never blocks the wallet: "Not now" hides
 * it until the value grows by a quarter (the worker records the level), and a failed read shows
 * nothing.
 */
export function ValueWatchCard(props: ValueWatchCardProps): JSX.Element | null {
  const [started] = useState(phaseStart);
  const [watch] = useAsync(() => sendMessage('value.watch'), [props.account]);
  // Marked once the answer is on screen (an effect runs after the render that shows it).
  const answered = watch.status !== 'loading';
  useEffect(() => {
    if (answered) measurePhase('encore:popup:value-watch', started);
  }, [answered, started]);
  const [dismissed, setDismissed] = useState(false);
  const [dismissing, setDismissing] = useState(false);
  if (watch.status !== 'done' || !watch.value.show || dismissed) return null;
  const { lines, more } = valueLines(watch.value.holdings);
  const ways = props.onStrengthen || props.onMove;

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
      <p class="intro">
        A username and password is a light lock for that much. If the wallet backend is ever
        breached, whoever holds its records can guess passwords on their own computers, as fast as
        their hardware allows, and nobody is there to stop them. Each guess costs what Hedgehog’s
        scrypt setting costs: a quarter of the minimum OWASP recommends today.
      </p>
      {ways ? (
        <p class="intro">Give it a stronger lock, or move it to a wallet that has one.</p>
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
        {props.onStrengthen ? (
          <button
            type="button"
            class="btn btn-secondary"
            data-testid="strengthen-start"
            onClick={props.onStrengthen}
          >
            Strengthen lock
          </button>
        ) : null}
        {props.onMove ? (
          <button
            type="button"
            class="btn btn-primary"
            data-testid="move-start"
            onClick={props.onMove}
          >
            Move out
          </button>
        ) : null}
      </div>
      <p class="muted small">“Not now” hides this until the value grows by a quarter.</p>
    </section>
  );
}
