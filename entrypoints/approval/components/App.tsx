import type { JSX } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { sendMessage } from '../../../lib/extension/messages/client.ts';
import { describeError } from '../../../lib/extension/ui/index.ts';
import { Expired, NothingPending } from './EmptyStates.tsx';
import { Header } from './Header.tsx';
import { RequestView } from './RequestView.tsx';
import { useApprovals } from './use-approvals.ts';

// A request's buttons wake up only after it has been on screen this long, so the second click of
// a double click (or a click aimed at the request before) never decides the one that replaced it.
const ARM_DELAY_MS = 500;

export function App(): JSX.Element {
  const { snapshot, expired } = useApprovals();
  // Ids already answered: their buttons stay disabled, and a later request has a new id, so it
  // never meets a button that was pressed for the one before.
  const [answered, setAnswered] = useState<ReadonlySet<string>>(new Set());
  const [error, setError] = useState<string | null>(null);

  const current = snapshot?.items[0];
  const currentId = current?.id;
  const [armedId, setArmedId] = useState<string | null>(null);
  useEffect(() => {
    if (!currentId) return;
    const timer = setTimeout(() => setArmedId(currentId), ARM_DELAY_MS);
    return () => clearTimeout(timer);
  }, [currentId]);
  const decide = async (id: string, approved: boolean): Promise<void> => {
    setAnswered((prev) => new Set(prev).add(id));
    setError(null);
    try {
      await sendMessage('approval.resolve', { id, approved });
    } catch (err) {
      setError(describeError(err));
    }
  };

  let body: JSX.Element;
  if (expired) body = <Expired />;
  else if (!snapshot) body = <p class="muted approval-loading">Loading…</p>;
  else if (!current) body = <NothingPending />;
  else {
    body = (
      <RequestView
        key={current.id}
        approval={current}
        snapshot={snapshot}
        disabled={answered.has(current.id) || armedId !== current.id}
        onDecide={(approved) => void decide(current.id, approved)}
      />
    );
  }

  return (
    <div class="approval">
      <Header position={expired ? 0 : (snapshot?.items.length ?? 0)} />
      {error && (
        <p class="alert alert-error approval-error" role="alert">
          {error}
        </p>
      )}
      {body}
    </div>
  );
}
