/**
 * Reads a Retry-After header (delay in seconds, or an HTTP date) as whole seconds from `now`.
 * Returns undefined when the header is missing or unreadable.
 */
export function parseRetryAfter(header: string | null, now: number): number | undefined {
  if (header === null) return undefined;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Number(value);
  const date = Date.parse(value);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, Math.ceil((date - now) / 1000));
}
