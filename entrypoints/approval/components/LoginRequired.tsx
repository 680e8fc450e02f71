import type { JSX } from 'preact';
import { browser } from 'wxt/browser';

/** Shown while logged out: the request goes on by itself once the person logs in. */
export function LoginRequired(): JSX.Element {
  const openPopup = (): void => {
    void browser.tabs.create({ url: browser.runtime.getURL('/popup.html') });
  };
  return (
    <section class="card login-required" data-testid="login-required">
      <h2>Log in to Encore first</h2>
      <p class="muted">
        This request continues as soon as you log in. Cancel it if you did not expect it.
      </p>
      <button
        type="button"
        class="btn btn-primary btn-block"
        data-testid="open-login"
        onClick={openPopup}
      >
        Open Encore to log in
      </button>
    </section>
  );
}
