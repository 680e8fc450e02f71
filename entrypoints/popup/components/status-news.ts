import { useEffect, useRef, useState } from 'preact/hooks';

interface Tracked {
  hash: string;
  status: string;
  summary: string;
}

/**
 * What changed between two readings of a list, as sentences a screen reader can announce
 * ("Send 0.01 ETH to 0x1199…6484: Confirmed"). Entries seen for the first time are not news.
 */
export function statusChanges(
  before: ReadonlyMap<string, string>,
  entries: readonly Tracked[],
  words: Readonly<Record<string, string>>,
): string[] {
  return entries
    .filter((entry) => before.has(entry.hash) && before.get(entry.hash) !== entry.status)
    .map((entry) => `${entry.summary}: ${words[entry.status] ?? entry.status}`);
}

/** The latest status changes in `entries` (null while unread), for a live region. */
export function useStatusNews(
  entries: readonly Tracked[] | null,
  words: Readonly<Record<string, string>>,
): string {
  const seen = useRef<ReadonlyMap<string, string>>(new Map());
  const [news, setNews] = useState('');
  useEffect(() => {
    if (!entries) return;
    const changes = statusChanges(seen.current, entries, words);
    seen.current = new Map(entries.map((entry) => [entry.hash, entry.status]));
    if (changes.length > 0) setNews(changes.join('. '));
  }, [entries, words]);
  return news;
}
