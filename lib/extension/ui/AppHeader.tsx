import type { ComponentChildren, JSX } from 'preact';

/** The bar at the top of every extension page: the Encore mark, then the page's own controls. */
export function AppHeader({ children }: { children?: ComponentChildren }): JSX.Element {
  return (
    <header class="app-header">
      <div class="brand">
        <img src="/icon/32.png" width={20} height={20} alt="" />
        <span>Encore</span>
      </div>
      {children}
    </header>
  );
}
