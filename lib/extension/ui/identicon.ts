// A deterministic, blockies-style identicon for an address: a seeded generator picks
// three colours and a left half of 0/1/2 cells, mirrored to the right. Same address, same picture,
// in every browser, without a dependency.

export interface Identicon {
  size: number;
  background: string;
  color: string;
  spot: string;
  /** Row-major cells: 0 background, 1 colour, 2 spot. */
  cells: number[];
}

export function identicon(address: string, size = 8): Identicon {
  const next = seededRandom(address.toLowerCase());
  const color = hsl(next, [42, 58]);
  const background = hsl(next, [82, 92]);
  const spot = hsl(next, [22, 34]);
  const half = Math.ceil(size / 2);
  const cells: number[] = [];
  for (let y = 0; y < size; y++) {
    const left = Array.from({ length: half }, () => Math.floor(next() * 2.3));
    const right = left.slice(0, size - half).reverse();
    cells.push(...left, ...right);
  }
  return { size, background, color, spot, cells };
}

// cyrb-style string hash into a 32-bit seed, then mulberry32: tiny, fast and evenly spread.
function seededRandom(seed: string): () => number {
  let h = 0x9e3779b9 ^ seed.length;
  for (let i = 0; i < seed.length; i++) {
    h = Math.imul(h ^ seed.charCodeAt(i), 0x85ebca6b);
    h = (h << 13) | (h >>> 19);
  }
  let state = Math.imul(h ^ (h >>> 16), 0xc2b2ae35) >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

// Background pale, main colour mid-tone, spot dark: readable at 40 px in light and dark mode.
function hsl(next: () => number, lightness: [number, number]): string {
  const hue = Math.floor(next() * 360);
  const saturation = Math.round(next() * 35 + 50);
  const [low, high] = lightness;
  return `hsl(${hue} ${saturation}% ${Math.round(low + next() * (high - low))}%)`;
}
