import type { Dataset, DevTrack } from '../dataset/types.ts';

// Aggregates computed once per dataset and kept beside it; tips and activity never change at
// run time.

export interface SupportEntry {
  userId: string;
  amount: bigint;
}

interface Derived {
  supporters: Map<string, SupportEntry[]>;
  supporting: Map<string, SupportEntry[]>;
  topGenre: Map<string, string>;
  /** Time of the latest repost or favorite: trending windows end here. */
  newestActivityAt: number;
}

const cache = new WeakMap<Dataset, Derived>();

export function derived(data: Dataset): Derived {
  let d = cache.get(data);
  if (!d) {
    d = {
      supporters: aggregate(data, 'receiverId', 'senderId'),
      supporting: aggregate(data, 'senderId', 'receiverId'),
      topGenre: topGenres(data),
      newestActivityAt: Math.max(
        ...[...data.reposts.values(), ...data.favorites.values()].flat().map((a) => a.at),
      ),
    };
    cache.set(data, d);
  }
  return d;
}

function aggregate(
  data: Dataset,
  by: 'receiverId' | 'senderId',
  other: 'receiverId' | 'senderId',
): Map<string, SupportEntry[]> {
  const sums = new Map<string, Map<string, bigint>>();
  for (const tip of data.tips) {
    const inner = sums.get(tip[by]) ?? new Map<string, bigint>();
    inner.set(tip[other], (inner.get(tip[other]) ?? 0n) + tip.amount);
    sums.set(tip[by], inner);
  }
  const out = new Map<string, SupportEntry[]>();
  for (const [key, inner] of sums) {
    const entries = [...inner].map(([userId, amount]) => ({ userId, amount }));
    entries.sort((a, b) =>
      b.amount > a.amount ? 1 : b.amount < a.amount ? -1 : a.userId < b.userId ? -1 : 1,
    );
    out.set(key, entries);
  }
  return out;
}

function topGenres(data: Dataset): Map<string, string> {
  const out = new Map<string, string>();
  for (const [owner, tracks] of data.tracksByOwner) out.set(owner, mostCommon(tracks));
  return out;
}

function mostCommon(tracks: DevTrack[]): string {
  const counts = new Map<string, number>();
  for (const t of tracks) counts.set(t.genre, (counts.get(t.genre) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]![0];
}

export function publicTracksOf(data: Dataset, userId: string): DevTrack[] {
  return (data.tracksByOwner.get(userId) ?? []).filter((t) => !t.unlisted);
}
