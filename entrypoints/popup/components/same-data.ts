/**
 * Whether two values of plain data (what crosses a message boundary or is read from storage) are
 * the same, field order aside: so "Updated" means a change, and an answer equal to what is shown
 * leaves the page as it is.
 */
export function sameData(a: unknown, b: unknown): boolean {
  return canonical(a) === canonical(b);
}

function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0)))
      : v,
  );
}
