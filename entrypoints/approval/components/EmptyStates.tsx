import type { JSX } from 'preact';

export function Expired(): JSX.Element {
  return (
    <main class="approval-main approval-empty" data-testid="expired">
      <h1>This request expired</h1>
      <p class="muted">
        Encore restarted while it was waiting, so the site was told the request failed. Go back to
        the site and try again.
      </p>
      <button type="button" class="btn btn-secondary" onClick={() => window.close()}>
        Close
      </button>
    </main>
  );
}

export function NothingPending(): JSX.Element {
  return (
    <main class="approval-main approval-empty" data-testid="nothing-pending">
      <h1>All done</h1>
      <p class="muted">There is nothing left to approve.</p>
    </main>
  );
}
