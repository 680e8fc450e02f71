import { useEffect, useState } from 'preact/hooks';

/** Seconds left of a wait (rate limit), ticking down once a second; 0 when there is none. */
export function useCountdown(): [number, (seconds: number) => void] {
  const [left, setLeft] = useState(0);
  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((s) => Math.max(0, s - 1)), 1000);
    return () => clearTimeout(timer);
  }, [left]);
  return [left, (seconds) => setLeft(Math.ceil(seconds))];
}
