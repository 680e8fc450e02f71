// A deterministic, blockies-style identicon for an address: a seeded xorshift generator picks
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
  const color = hsl(next);
  const background = hsl(next);
  const spot = hsl(next);
  const half = Math.ceil(size / 2);
  const cells: number[] = [];
  for (let y = 0; y < size; y++) {
    const left = Array.from({ length: half }, () => Math.floor(next() * 2.3));
    const right = left.slice(0, size - half).reverse();
    cells.push(...left, ...right);
  }
  return { size, background, color, spot, cells };
}

function seededRandom(seed: string): () => number {
  const state = new Int32Array(4);
  for (let i = 0; i < seed.length; i++) {
    const slot = i % 4;
    state[slot] = ((state[slot] ?? 0) << 5) - (state[slot] ?? 0) + seed.charCodeAt(i);
  }
  return () => {
    const t = (state[0] ?? 0) ^ ((state[0] ?? 0) << 11);
    state[0] = state[1] ?? 0;
    state[1] = state[2] ?? 0;
    state[2] = state[3] ?? 0;
    const s3 = state[3] ?? 0;
    state[3] = s3 ^ (s3 >> 19) ^ t ^ (t >> 8);
    return ((state[3] ?? 0) >>> 0) / 2 ** 32;
  };
}

function hsl(next: () => number): string {
  const hue = Math.floor(next() * 360);
  const saturation = Math.round(next() * 60 + 40);
  const lightness = Math.round((next() + next() + next() + next()) * 25 * 0.8 + 10);
  return `hsl(${hue} ${saturation}% ${lightness}%)`;
}
