import { describe, expect, it } from 'vitest';
import { createSessionCache } from '../../../lib/library/index.ts';

describe('the session cache', () => {
  it('answers within the freshness window and forgets after it', () => {
    let now = 1_000;
    const cache = createSessionCache<string>({ freshForMs: 100, now: () => now });
    cache.set('k', 'v');
    now += 99;
    expect(cache.get('k')).toBe('v');
    now += 1;
    expect(cache.get('k')).toBeUndefined();
  });

  it('a list growing page by page keeps the age of its first page', () => {
    let now = 0;
    const cache = createSessionCache<number[]>({ freshForMs: 100, now: () => now });
    cache.set('list', [1]);
    now = 80;
    cache.set('list', [1, 2], { keepAge: true });
    now = 100;
    // Page 2 is younger, but the list started at 0: a stale start means the whole list is read again.
    expect(cache.get('list')).toBeUndefined();
  });
});
