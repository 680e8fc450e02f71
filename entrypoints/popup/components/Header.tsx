import type { JSX } from 'preact';
import { browser } from 'wxt/browser';

export function Header(): JSX.Element {
  return (
    <header class="popup-header">
      <div class="brand">
        <img src="/icon/32.png" width={20} height={20} alt="" />
        <span>Encore</span>
      </div>
      <button
        type="button"
        class="btn btn-ghost btn-sm"
        onClick={() => void browser.runtime.openOptionsPage()}
      >
        Settings
      </button>
    </header>
  );
}
