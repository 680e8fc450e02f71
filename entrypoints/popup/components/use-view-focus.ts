import type { RefObject } from 'preact';
import { useEffect, useLayoutEffect, useRef } from 'preact/hooks';

/**
 * Moves focus as the popup changes views, as a person expects: into the new view, on the first
 * element matching one of `start` in order (its first field, else its heading), and back to the
 * control that opened it when they return to `home` (null: no view is returned to). Views loaded
 * on demand are focused once they are in the page. With `refocusLost`, a step inside a view that
 * replaces the focused control (a form giving way to its result) also moves focus to `start`.
 */
export function useViewFocus(
  /** Null while there is no view yet (loading): the first view shown takes no focus. */
  view: string | null,
  home: string | null,
  root: RefObject<HTMLElement>,
  start: readonly string[],
  refocusLost = false,
): void {
  const shown = useRef<string | null>(view);
  const opener = useRef<Element | null>(null);
  const openerKey = useRef<string | null>(null);

  // The control that had focus was taken out of the page: focus would fall to nowhere.
  useEffect(() => {
    const element = root.current;
    if (!refocusLost || !element) return;
    let last: Element | null = null;
    const onFocusIn = (event: FocusEvent): void => {
      last = event.target instanceof Element ? event.target : null;
    };
    const observer = new MutationObserver(() => {
      if (!last || last.isConnected) return;
      const active = document.activeElement;
      if (active && active !== document.body && active.isConnected) return;
      for (const selector of start) {
        const found = element.querySelector<HTMLElement>(selector);
        if (!found) continue;
        if (!found.matches('input, select, textarea, button, a[href], [tabindex]')) {
          found.tabIndex = -1;
        }
        found.focus();
        return;
      }
    });
    element.addEventListener('focusin', onFocusIn);
    observer.observe(element, { childList: true, subtree: true });
    return () => {
      element.removeEventListener('focusin', onFocusIn);
      observer.disconnect();
    };
  }, [refocusLost, root, start]);

  // What had focus in the home view, found again after the view is rebuilt.
  useEffect(() => {
    const element = root.current;
    if (!element) return;
    const onFocusIn = (event: FocusEvent): void => {
      if (shown.current !== home || !(event.target instanceof HTMLElement)) return;
      opener.current = event.target;
      openerKey.current = keyOf(event.target);
    };
    element.addEventListener('focusin', onFocusIn);
    return () => element.removeEventListener('focusin', onFocusIn);
  }, [home, root]);

  useLayoutEffect(() => {
    if (view === null || shown.current === view) return;
    const opening = shown.current === null;
    shown.current = view;
    // The first view the page shows keeps the focus the page opened with.
    if (opening) return;
    const element = root.current;
    if (!element) return;
    const first = (): HTMLElement | null => {
      for (const selector of start) {
        const found = element.querySelector<HTMLElement>(selector);
        if (found) return found;
      }
      return null;
    };
    const target = (): HTMLElement | null => {
      if (view !== home) return first();
      if (opener.current?.isConnected) return opener.current as HTMLElement;
      const key = openerKey.current;
      return (key ? find(element, key) : null) ?? first();
    };
    const focus = (): boolean => {
      const found = target();
      if (!found) return false;
      if (!found.matches('input, select, textarea, button, a[href], [tabindex]')) {
        found.tabIndex = -1;
      }
      found.focus();
      return true;
    };
    if (focus()) return;
    const observer = new MutationObserver(() => {
      if (focus()) observer.disconnect();
    });
    observer.observe(element, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [view, home, root, start]);
}

function keyOf(element: HTMLElement): string {
  const testId = element.getAttribute('data-testid');
  return testId ? `testid:${testId}` : `text:${element.tagName}:${element.textContent?.trim()}`;
}

function find(root: HTMLElement, key: string): HTMLElement | null {
  if (key.startsWith('testid:')) {
    return root.querySelector<HTMLElement>(`[data-testid="${CSS.escape(key.slice(7))}"]`);
  }
  for (const candidate of root.querySelectorAll<HTMLElement>('button, a, input')) {
    if (`text:${candidate.tagName}:${candidate.textContent?.trim()}` === key) return candidate;
  }
  return null;
}
