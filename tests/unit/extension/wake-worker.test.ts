// The popup's forms wake the worker on input, at most once every few seconds.
import { describe, expect, it } from 'vitest';
import {
  createWorkerWake,
  WAKE_EVERY_MS,
} from '../../../entrypoints/popup/components/wake-throttle.ts';

describe('createWorkerWake', () => {
  it('asks on the first input, then not again until the interval has passed', () => {
    let asked = 0;
    const wake = createWorkerWake(async () => {
      asked += 1;
    });
    expect(wake(1_000)).toBe(true);
    expect(wake(1_001)).toBe(false);
    expect(wake(1_000 + WAKE_EVERY_MS - 1)).toBe(false);
    expect(asked).toBe(1);
    expect(wake(1_000 + WAKE_EVERY_MS)).toBe(true);
    expect(asked).toBe(2);
  });

  it("asks often enough, while a person types for a minute, that the worker's 30 s idle stop never comes", () => {
    const times: number[] = [];
    const wake = createWorkerWake(async () => undefined);
    // A keystroke every 200 ms for 60 s: asks ~every 5 s, always well inside the browser's 30 s.
    for (let t = 0; t <= 60_000; t += 200) if (wake(t)) times.push(t);
    const gaps = times.slice(1).map((t, i) => t - (times[i] ?? 0));
    expect(Math.max(...gaps)).toBeLessThan(30_000);
    expect(times.length).toBeLessThanOrEqual(13);
  });

  it('takes a refused or unanswered wake quietly', async () => {
    const wake = createWorkerWake(() => Promise.reject(new Error('Receiving end does not exist')));
    expect(wake(0)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
});
