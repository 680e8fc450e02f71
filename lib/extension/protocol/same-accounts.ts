/** Same addresses in the same order; addresses compare case-insensitively (EIP-55 or not). */
export function sameAccounts(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((item, i) => item.toLowerCase() === b[i]?.toLowerCase());
}
