import type { JSX } from 'preact';
import { ENCORE_ICON } from '../../../lib/extension/provider/icon.ts';

export function Header({ position }: { position: number }): JSX.Element {
  return (
    <header class="approval-header">
      <div class="brand">
        <img src={ENCORE_ICON} width={20} height={20} alt="" />
        <span>Encore</span>
      </div>
      {position > 1 && (
        <span class="approval-queue" data-testid="queue-count">
          1 of {position} requests
        </span>
      )}
    </header>
  );
}
