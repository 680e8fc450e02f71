// What clients learn about hosts, shared by every client in this JavaScript realm: a fresh client
// (a popup opening, a worker waking) should not pay again for a host another client already saw
// fail, nor probe a route another client already found missing.

const BAD_HOST_TTL_MS = 60_000;
/** A host that lost a hedged race is picked after the others for this long. */
const SLOW_HOST_TTL_MS = 60_000;

export type WalletLookupRoute = 'id' | 'address';

const badUntil = new Map<string, number>();
const slowUntil = new Map<string, number>();
const walletRoutes = new Map<string, WalletLookupRoute>();

export function markHostBad(host: string, now: number = Date.now()): void {
  badUntil.set(host, now + BAD_HOST_TTL_MS);
}

export function isHostBad(host: string, now: number = Date.now()): boolean {
  const until = badUntil.get(host);
  if (until === undefined) return false;
  if (until > now) return true;
  badUntil.delete(host);
  return false;
}

/** A host another host beat after the hedge delay: still usable, picked only when others are not. */
export function markHostSlow(host: string, now: number = Date.now()): void {
  slowUntil.set(host, now + SLOW_HOST_TTL_MS);
}

export function isHostSlow(host: string, now: number = Date.now()): boolean {
  const until = slowUntil.get(host);
  if (until === undefined) return false;
  if (until > now) return true;
  slowUntil.delete(host);
  return false;
}

export function rememberWalletRoute(host: string, route: WalletLookupRoute): void {
  walletRoutes.set(host, route);
}

export function walletRouteOf(host: string): WalletLookupRoute | undefined {
  return walletRoutes.get(host);
}

/** Forget everything (benchmarks measuring the cold path, tests). */
export function resetHostMemory(): void {
  badUntil.clear();
  slowUntil.clear();
  walletRoutes.clear();
}
