import type { JSX } from 'preact';
import { useState } from 'preact/hooks';
import type { MoveOutcome, MovePlan } from '../../../lib/extension/move/index.ts';
import { describeError, displayOrigin, Field, Spinner } from '../../../lib/extension/ui/index.ts';
import { RETYPE_CHARACTERS, readDestination } from '../../../lib/move/index.ts';
import { shortAddress } from '../../../lib/transactions/index.ts';
import { sendMessage } from './api.ts';
import { MoveDone } from './MoveDone.tsx';
import { NativeAmount, TokenAmount } from './move-amount.tsx';
import { PasswordConfirm } from './PasswordConfirm.tsx';

export interface MoveOutViewProps {
  /** The account moved out of, checksummed. */
  address: string;
  /** Token contracts to take along besides those the worker knows (the value card's list). */
  tokens?: readonly string[];
  onClose: () => void;
  /** After the move: the recovery phrase view, to keep the words of this (now empty) wallet. */
  onShowPhrase: () => void;
  onLogout: () => void;
}

/**
 * "Move everything to another wallet": the destination (checksummed, or confirmed by re-typing
 * the end of its checksummed form), the plan read from the chain (every token, then the native
 * balance minus the fee cap), the password always, then what arrived, read from the chain.
 */
export function MoveOutView(props: MoveOutViewProps): JSX.Element {
  const [plan, setPlan] = useState<MovePlan | null>(null);
  const [outcome, setOutcome] = useState<MoveOutcome | 'sending' | null>(null);
  const [stopped, setStopped] = useState<string | null>(null);

  if (outcome === 'sending') {
    return (
      <section class="card stack" aria-label="Moving" aria-busy="true">
        <h2 class="card-title">Moving everything…</h2>
        <p class="muted" role="status">
          <Spinner /> Sent. Waiting for the chain, then reading what arrived.
        </p>
      </section>
    );
  }
  if (outcome) {
    return (
      <MoveDone
        outcome={outcome}
        stopped={stopped}
        onShowPhrase={props.onShowPhrase}
        onLogout={props.onLogout}
        onClose={props.onClose}
      />
    );
  }
  if (plan) {
    return (
      <MoveReview
        plan={plan}
        onBack={() => setPlan(null)}
        onSending={() => setOutcome('sending')}
        onFailed={() => setOutcome(null)}
        onDone={(done, why) => {
          setStopped(why);
          setOutcome(done);
        }}
      />
    );
  }
  return (
    <MoveDestination
      address={props.address}
      tokens={props.tokens ?? []}
      onClose={props.onClose}
      onPlan={setPlan}
    />
  );
}

function MoveDestination(props: {
  address: string;
  tokens: readonly string[];
  onClose: () => void;
  onPlan: (plan: MovePlan) => void;
}): JSX.Element {
  const [input, setInput] = useState('');
  const [retyped, setRetyped] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const destination = readDestination(input, props.address);
  const tail =
    destination.kind === 'unchecked' ? destination.address.slice(-RETYPE_CHARACTERS) : '';
  const ready =
    destination.kind === 'checksummed' ||
    (destination.kind === 'unchecked' && retyped.trim() === tail);

  async function submit(event: Event): Promise<void> {
    event.preventDefault();
    setSubmitted(true);
    if (!ready || busy) return;
    setBusy(true);
    setError(null);
    try {
      props.onPlan(
        await sendMessage('move.prepare', {
          destination: input.trim(),
          retyped: destination.kind === 'unchecked' ? retyped.trim() : null,
          tokens: [...props.tokens],
        }),
      );
    } catch (failure) {
      setError(describeError(failure));
      setBusy(false);
    }
  }

  return (
    <form class="card stack" onSubmit={(event) => void submit(event)} noValidate>
      <h2 class="card-title">Move everything to another wallet</h2>
      <p class="muted intro">
        Everything this wallet holds on this chain goes to an address you control: a hardware
        wallet, MetaMask, a smart account. Copy the address from that wallet.
      </p>
      <Field
        label="Destination address"
        autoFocus
        testId="move-destination"
        placeholder="0x…"
        value={input}
        onInput={(value) => {
          setInput(value);
          setRetyped('');
        }}
        error={
          destination.kind === 'invalid' && (submitted || input.trim().length >= 42)
            ? destination.problem
            : null
        }
        disabled={busy}
      />
      {destination.kind === 'unchecked' ? (
        <div class="stack-sm" data-testid="move-unchecked">
          <p class="alert alert-warning" role="note">
            This address is all lowercase, so it carries no checksum: a mistyped character would go
            unnoticed. With its checksum it reads{' '}
            <code class="hex" data-testid="move-checksummed">
              {destination.address}
            </code>
            . Compare it with the wallet you are moving to.
          </p>
          <Field
            label={`Its last ${RETYPE_CHARACTERS} characters, as that wallet shows them (capitals matter)`}
            testId="move-retype"
            value={retyped}
            onInput={setRetyped}
            error={submitted && retyped.trim() !== tail ? 'These do not match the address.' : null}
            disabled={busy}
          />
        </div>
      ) : null}
      {error ? (
        <p class="alert alert-error" role="alert" data-testid="form-error">
          {error}
        </p>
      ) : null}
      <div class="actions">
        <button type="button" class="btn btn-secondary" onClick={props.onClose} disabled={busy}>
          Cancel
        </button>
        <button type="submit" class="btn btn-primary" data-testid="move-review" disabled={busy}>
          {busy ? <Spinner /> : null} Review
        </button>
      </div>
    </form>
  );
}

function MoveReview(props: {
  plan: MovePlan;
  onBack: () => void;
  onSending: () => void;
  onFailed: () => void;
  onDone: (outcome: MoveOutcome, stopped: string | null) => void;
}): JSX.Element {
  const { plan } = props;
  const [password, setPassword] = useState('');
  const [checked, setChecked] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const warned = plan.facts.code !== null || plan.facts.neverUsed;
  const feeCap = BigInt(plan.native.feeCapWei);
  const value = BigInt(plan.native.valueWei);

  async function submit(event: Event): Promise<void> {
    event.preventDefault();
    setSubmitted(true);
    if (!password || (warned && !checked) || busy) return;
    setBusy(true);
    setError(null);
    try {
      const sent = await sendMessage('move.send', { id: plan.id, password });
      setPassword('');
      props.onSending();
      try {
        props.onDone(await sendMessage('move.outcome', { moveId: sent.moveId }), sent.stopped);
      } catch (failure) {
        // Sent, but what arrived could not be read: the transactions are in Activity.
        props.onFailed();
        setError(`Sent. ${describeError(failure)}`);
        setBusy(false);
      }
    } catch (failure) {
      setError(describeError(failure, 'password'));
      setBusy(false);
    }
  }

  return (
    <form class="card stack" onSubmit={(event) => void submit(event)} noValidate>
      <h2 class="card-title">
        Move everything to <span class="short">{shortAddress(plan.destination)}</span>
      </h2>
      <p class="small">
        To{' '}
        <code class="hex" data-testid="move-to">
          {plan.destination}
        </code>{' '}
        on {plan.chain.name}
      </p>
      {plan.revokes.length > 0 ? (
        <div data-testid="move-revokes">
          <p class="small">
            First, in the same transaction, it revokes{' '}
            {plan.revokes.length === 1
              ? 'the spend permission'
              : `the ${plan.revokes.length} spend permissions`}{' '}
            that could still take from this address, so no site can take from it afterwards:
          </p>
          <ul class="move-list">
            {plan.revokes.map((grant) => (
              <li key={grant.id} data-testid="move-revoke" class="url" title={grant.origin}>
                {displayOrigin(grant.origin)}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <ul class="move-list" data-testid="move-list">
        {plan.tokens.map((token) => (
          <li key={token.address} data-testid="move-item">
            <TokenAmount raw={BigInt(token.amount)} token={token} />{' '}
            <span class="muted small">token {shortAddress(token.address)}</span>
          </li>
        ))}
        {value > 0n ? (
          <li data-testid="move-item">
            <NativeAmount wei={value} currency={plan.currency} testId="move-native" />
            {plan.tokens.length > 0 ? (
              <>
                {' '}
                <span class="muted small">last, once the tokens have moved</span>
              </>
            ) : null}
          </li>
        ) : null}
      </ul>
      <p class="muted small" data-testid="move-fee">
        Network fee at most <NativeAmount wei={feeCap} currency={plan.currency} up /> (gas limit ×
        maximum price per gas{plan.transactions > 1 ? ', for each transaction' : ''}); about{' '}
        <NativeAmount wei={BigInt(plan.native.feeEstimateWei)} currency={plan.currency} /> expected.
        The move holds the most back as the fee’s reserve: whatever the fee does not use stays in
        this wallet.
      </p>
      <p class="muted small" data-testid="move-path">
        {plan.path === 'batch'
          ? `One transaction, all or nothing, run by Encore's account contract${plan.upgrade ? ' (it also upgrades this account to that contract, once)' : ''}.`
          : `${plan.transactions} transactions, one after the other: tokens first, ${plan.currency.symbol} last. If one is refused, those before it have moved.`}
      </p>
      {plan.unreadableTokens.length > 0 ? (
        <p class="alert alert-warning" role="note">
          Encore could not read{' '}
          {plan.unreadableTokens.length === 1
            ? 'one token'
            : `${plan.unreadableTokens.length} tokens`}{' '}
          ({plan.unreadableTokens.map(shortAddress).join(', ')}): they stay here.
        </p>
      ) : null}
      {plan.facts.code !== null ? (
        <p class="alert alert-warning" role="note" data-testid="move-warning-code">
          {plan.facts.code === 'delegated'
            ? 'The destination is an account that runs a contract (EIP-7702).'
            : 'The destination is a contract, not a plain wallet address.'}{' '}
          A smart account is fine if you control it on {plan.chain.name}; an exchange's or a token's
          contract may never give the funds back.
        </p>
      ) : null}
      {plan.facts.neverUsed ? (
        <p class="alert alert-warning" role="note" data-testid="move-warning-unused">
          This address has never been used on {plan.chain.name}: it has sent nothing and holds
          nothing. That is normal for a new wallet, and also what a mistyped address looks like:
          check it against your other wallet, character by character.
        </p>
      ) : null}
      {warned ? (
        <label class="checkbox">
          <input
            type="checkbox"
            data-testid="move-checked"
            checked={checked}
            onChange={(event) => setChecked(event.currentTarget.checked)}
            disabled={busy}
            aria-invalid={submitted && !checked ? 'true' : undefined}
            aria-describedby={submitted && !checked ? 'move-checked-error' : undefined}
          />{' '}
          I checked: this address is mine.
        </label>
      ) : null}
      {submitted && warned && !checked ? (
        <p class="field-error" id="move-checked-error">
          Confirm that you checked the address.
        </p>
      ) : null}
      {plan.spending.passwordRequired !== null ? (
        <p class="muted small">
          Moving everything is over your daily spending limit: your password confirms it.
        </p>
      ) : null}
      <PasswordConfirm
        fieldTestId="move-password"
        password={password}
        onPassword={setPassword}
        submitted={submitted}
        busy={busy}
        error={error}
        cancelLabel="Back"
        onCancel={props.onBack}
        submitLabel="Move everything"
        submitTestId="move-confirm"
        danger
      />
    </form>
  );
}
