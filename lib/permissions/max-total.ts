// How many periods a grant can still be redeemed in, and so the most it can take: the periods
// whose window meets [now, expiry). The enforcer lets each period's amount be taken once, in
// that period only (nothing carries over), and the timestamp caveat refuses any block at or
// after the expiry.

export function redeemablePeriods(
  start: number,
  periodSeconds: number,
  expiry: number,
  now: number,
): number {
  const from = Math.max(start, now);
  if (expiry <= from) return 0;
  const first = Math.floor((from - start) / periodSeconds);
  const last = Math.floor((expiry - 1 - start) / periodSeconds);
  return last - first + 1;
}
