import { useEffect, useLayoutEffect, useRef } from 'preact/hooks';

// The keys that press a focused button: Enter on its keydown, Space on its keyup.
const PRESS_KEYS = new Set(['Enter', ' ']);

function typingInto(target: EventTarget | null): boolean {
  if (target instanceof HTMLTextAreaElement) return true;
  return (
    target instanceof HTMLInputElement && target.type !== 'checkbox' && target.type !== 'radio'
  );
}

/**
 * The click guard's keyboard half: a key held down (auto-repeat), pressed while the buttons sleep
 * (`armed` false) or still down when they went to sleep presses nothing, until it is released.
 * Otherwise an Enter held through the previous request, or pressed at the window as it came up,
 * would approve what is showing now. Text fields keep their keys: a space typed in the password
 * field is not a press.
 */
export function useKeyGuard(armed: boolean): void {
  const armedNow = useRef(armed);
  armedNow.current = armed;
  const held = useRef(new Set<string>());
  const stale = useRef(new Set<string>());
  useLayoutEffect(() => {
    if (!armed) for (const key of held.current) stale.current.add(key);
  }, [armed]);
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent): void => {
      if (!PRESS_KEYS.has(event.key) || typingInto(event.target)) return;
      held.current.add(event.key);
      if (event.repeat || !armedNow.current || stale.current.has(event.key)) {
        stale.current.add(event.key);
        event.preventDefault();
      }
    };
    const onKeyUp = (event: KeyboardEvent): void => {
      held.current.delete(event.key);
      if (stale.current.delete(event.key)) event.preventDefault();
    };
    // A key released while the window is in the background never sends its keyup here.
    const onBlur = (): void => {
      held.current.clear();
      stale.current.clear();
    };
    // Capture: before the button's own default action sees the key.
    window.addEventListener('keydown', onKeyDown, true);
    window.addEventListener('keyup', onKeyUp, true);
    window.addEventListener('blur', onBlur);
    return () => {
      window.removeEventListener('blur', onBlur);
      window.removeEventListener('keydown', onKeyDown, true);
      window.removeEventListener('keyup', onKeyUp, true);
    };
  }, []);
}
