import type { WalletCatalogProfile } from '../../../lib/extension/catalog/index.ts';

/** Whether two lookups show the same thing (field order aside), so "Updated" means a change. */
export function sameProfile(
  a: WalletCatalogProfile | null,
  b: WalletCatalogProfile | null,
): boolean {
  return canonical(a) === canonical(b);
}

function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0)))
      : v,
  );
}
