import { useEffect, useRef, useState } from 'preact/hooks';

// Buttons wake up only after what they decide has been on screen, in front, this long: the second
// click of a double click, or a click aimed at whatever was there before the window came to the
// front, never decides the request now showing.
const ARM_DELAY_MS = 500;

/**
 * False at once whenever `key` changes (a new front request, a raise, a focus), true once it
 * has stayed the same for ARM_DELAY_MS. Every change restarts the delay, even back to an earlier
 * key, so nothing that was armed once comes back armed.
 */
export function useArmed(key: string | null): boolean {
  const seen = useRef<{ key: string | null; generation: number }>({ key: null, generation: 0 });
  if (seen.current.key !== key) {
    seen.current = { key, generation: seen.current.generation + 1 };
  }
  const { generation } = seen.current;
  const [armed, setArmed] = useState(0);
  useEffect(() => {
    if (key === null) return;
    const timer = setTimeout(() => setArmed(generation), ARM_DELAY_MS);
    return () => clearTimeout(timer);
  }, [generation]);
  return key !== null && armed === generation;
}

/**
 * Counts the times this window was shown or focused, whoever did it (the person, the system,
 * the worker raising it for a new request): each one is a new chance for a stray click.
 */
export function useShownCount(): number {
  const [count, setCount] = useState(0);
  useEffect(() => {
    const bump = (): void => setCount((n) => n + 1);
    const onVisibility = (): void => {
      if (document.visibilityState === 'visible') bump();
    };
    window.addEventListener('focus', bump);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('focus', bump);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, []);
  return count;
}
