import type { JSX } from 'preact';
import type { ApprovalDetails } from '../../../lib/extension/approvals/types.ts';

type Details = Extract<ApprovalDetails, { kind: 'id_token' }>;

export function IdTokenRequest({ details }: { details: Details }): JSX.Element {
  const { user } = details;
  return (
    <section class="card">
      <h2 class="card-title">Share your catalog identity</h2>
      <p>
        The site will learn that you are <strong data-testid="id-token-name">{user.name}</strong>{' '}
        <span class="muted">@{user.handle}</span>
        {user.verified ? ' (verified)' : ''}.
      </p>
      <p class="muted">
        Encore signs an ID token the site can check with the music catalog. No password is shared.
      </p>
    </section>
  );
}
