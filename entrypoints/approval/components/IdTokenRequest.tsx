import type { JSX } from 'preact';
import type { IdTokenApproval } from '../../../lib/extension/approvals/index.ts';

/** "5 minutes", "90 seconds", "1 hour": the token's lifetime as a person reads it. */
function describeLifetime(seconds: number): string {
  const plural = (n: number, unit: string): string => `${n} ${unit}${n === 1 ? '' : 's'}`;
  if (seconds % 3600 === 0) return plural(seconds / 3600, 'hour');
  if (seconds % 60 === 0) return plural(seconds / 60, 'minute');
  return plural(seconds, 'second');
}

export function IdTokenRequest(props: { details: IdTokenApproval; origin: string }): JSX.Element {
  const { user, lifetimeSeconds } = props.details;
  return (
    <section class="card">
      <h2 class="card-title">Share your catalog identity</h2>
      <p>
        The site will learn that you are <strong data-testid="id-token-name">{user.name}</strong>{' '}
        <span class="muted">@{user.handle}</span>
        {user.verified ? ' (verified)' : ''}.
      </p>
      <p class="muted" data-testid="id-token-terms">
        Encore signs an ID token the site can check with the music catalog. It is valid for{' '}
        {props.origin} only, for {describeLifetime(lifetimeSeconds)}. No password is shared.
      </p>
    </section>
  );
}
