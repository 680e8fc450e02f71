// A plain Bloom filter with double hashing (Kirsch–Mitzenmacher) over two FNV-1a variants.
// The same code builds the filter (packages/core/scripts/build-password-filter.ts) and queries it at run time.

const utf8 = new TextEncoder();

function fnv1a(bytes: Uint8Array, basis: number): number {
  let h = basis >>> 0;
  for (const b of bytes) {
    h ^= b;
    h = Math.imul(h, 0x01000193);
  }
  // Final avalanche (murmur3 fmix32) so nearby strings spread across the whole bit array.
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

function bloomIndexes(value: string, bitCount: number, hashCount: number): number[] {
  const bytes = utf8.encode(value);
  const h1 = fnv1a(bytes, 0x811c9dc5);
  const h2 = fnv1a(bytes, 0x5bd1e995) | 1;
  const out: number[] = [];
  for (let i = 0; i < hashCount; i++) out.push(((h1 + Math.imul(i, h2)) >>> 0) % bitCount);
  return out;
}

export class BloomFilter {
  constructor(
    readonly bits: Uint8Array,
    readonly bitCount: number,
    readonly hashCount: number,
  ) {}

  static withCapacity(entries: number, falsePositiveRate: number): BloomFilter {
    const bitCount = Math.ceil((-entries * Math.log(falsePositiveRate)) / Math.LN2 ** 2 / 8) * 8;
    const hashCount = Math.max(1, Math.round((bitCount / entries) * Math.LN2));
    return new BloomFilter(new Uint8Array(bitCount / 8), bitCount, hashCount);
  }

  add(value: string): void {
    for (const i of bloomIndexes(value, this.bitCount, this.hashCount)) {
      this.bits[i >>> 3]! |= 1 << (i & 7);
    }
  }

  has(value: string): boolean {
    for (const i of bloomIndexes(value, this.bitCount, this.hashCount)) {
      if ((this.bits[i >>> 3]! & (1 << (i & 7))) === 0) return false;
    }
    return true;
  }
}
