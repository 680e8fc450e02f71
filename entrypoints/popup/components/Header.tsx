import type { JSX } from 'preact';
import { browser } from 'wxt/browser';
import { AppHeader } from '../../../lib/extension/ui/index.ts';

export function Header(): JSX.Element {
  return (
    <AppHeader>
      <button
        type="button"
        class="btn btn-ghost btn-sm"
        onClick={() => void browser.runtime.openOptionsPage()}
      >
        Settings
      </button>
    </AppHeader>
  );
}
