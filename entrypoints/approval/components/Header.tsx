import type { JSX } from 'preact';
import { AppHeader } from '../../../lib/extension/ui/index.ts';

export function Header({ position }: { position: number }): JSX.Element {
  return (
    <AppHeader>
      {position > 1 && (
        <span class="approval-queue" data-testid="queue-count">
          1 of {position} requests
        </span>
      )}
    </AppHeader>
  );
}
