import type { JSX } from 'preact';
import type { MoveOutcome } from '../../../lib/extension/move/index.ts';
import { shortAddress } from '../../../lib/transactions/index.ts';
import { NativeAmount, TokenAmount } from './move-amount.tsx';

/**
 * What a move did, read from the chain: what arrived, what stayed in this wallet and why (the
 * fee's reserve the network did not use), in the popup's number format; "empty" only when it is.
 */
export function MoveDone(props: {
  outcome: MoveOutcome;
  stopped: string | null;
  onShowPhrase: () => void;
  onLogout: () => void;
  onClose: () => void;
}): JSX.Element {
  const { outcome } = props;
  const left = BigInt(outcome.leftWei);
  const empty = left === 0n && outcome.status === 'confirmed' && props.stopped === null;
  return (
    <section class="card stack" aria-label="Moved" data-testid="move-done">
      <h2 class="card-title">
        {outcome.status === 'confirmed'
          ? 'Moved'
          : outcome.status === 'failed'
            ? 'The move failed'
            : 'Sent, not yet confirmed'}
      </h2>
      {outcome.status === 'failed' ? (
        <p class="alert alert-error" role="alert">
          The chain ran the move and it reverted: nothing moved but the fee. Review it again.
        </p>
      ) : null}
      {props.stopped ? (
        <p class="alert alert-warning" role="alert">
          Not everything was sent: {props.stopped}
        </p>
      ) : null}
      <p class="small">
        Arrived at <code class="hex">{outcome.destination}</code>, read from {outcome.chain.name}:
      </p>
      <ul class="move-list" data-testid="move-arrived">
        {outcome.arrived.tokens.map((token) => (
          <li key={token.address} data-testid="move-arrived-item">
            <TokenAmount raw={BigInt(token.amount)} token={token} />{' '}
            <span class="muted small">token {shortAddress(token.address)}</span>
          </li>
        ))}
        <li data-testid="move-arrived-item">
          <NativeAmount
            wei={BigInt(outcome.arrived.nativeWei)}
            currency={outcome.currency}
            testId="move-arrived-native"
          />{' '}
          <span class="muted small">
            (it now holds{' '}
            <NativeAmount wei={BigInt(outcome.destinationBalanceWei)} currency={outcome.currency} />
            )
          </span>
        </li>
      </ul>
      <p class="muted small" data-testid="move-left">
        {left > 0n ? (
          <>
            <NativeAmount wei={left} currency={outcome.currency} /> stays in this wallet: the part
            of the fee’s reserve the network did not use. A move holds back the most its fee can
            cost and sends the rest; the fee came out lower.
          </>
        ) : (
          'Nothing stayed in this wallet.'
        )}
      </p>
      <p class="muted small" data-testid="move-after">
        {empty
          ? 'This wallet is empty now. Keep its recovery phrase anyway: anything sent here later opens with it. Then log out.'
          : 'Keep this wallet’s recovery phrase: it opens what stays here, and anything sent here later. Then log out.'}
      </p>
      <div class="actions">
        <button
          type="button"
          class="btn btn-secondary"
          data-testid="move-keep-phrase"
          onClick={props.onShowPhrase}
        >
          Recovery phrase
        </button>
        <button
          type="button"
          class="btn btn-danger"
          data-testid="move-logout"
          onClick={props.onLogout}
        >
          Log out
        </button>
      </div>
      <button type="button" class="btn btn-secondary" onClick={props.onClose}>
        Done
      </button>
    </section>
  );
}
