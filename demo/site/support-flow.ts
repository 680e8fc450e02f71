// "Support the artist: 0.001 ETH a month": the page asks the wallet, once, for a spend permission
// (ERC-7715 `wallet_requestExecutionPermissions`, in the exact shape MetaMask's Smart Accounts Kit
// sends) that lets this site's session account take 0.001 ETH every 30 days for a year; hands the
// granted ERC-7710 context to the site's server, which charges each month without a window; and
// says where the permission stands in plain words.
import {
  SUPPORT_AMOUNT_WEI,
  type SupportOffer,
  type SupportState,
  supportPermissionRequest,
} from '../shared/support.ts';
import type { Eip1193Provider } from './eip1193.ts';
import { getJson, postJson } from './http.ts';

/** Asks the wallet for the permission and gives it to the site's server; resolves to its state. */
export async function grantSupport(
  provider: Eip1193Provider,
  listener: string,
  trackId: string,
): Promise<SupportState> {
  const offer = (await getJson('/api/support/offer')) as unknown as SupportOffer;
  const answer = await provider.request({
    method: 'wallet_requestExecutionPermissions',
    params: [supportPermissionRequest(offer, listener)],
  });
  const [granted] = Array.isArray(answer) ? answer : [];
  const { context, delegationManager } = (granted ?? {}) as Record<string, unknown>;
  if (typeof context !== 'string' || typeof delegationManager !== 'string') {
    throw new Error('the wallet answered without a permission context');
  }
  return (await postJson('/api/support/grants', {
    listener,
    trackId,
    context,
    delegationManager,
  })) as unknown as SupportState;
}

/** The listener's permission as the site's server knows it; null when there is none. */
export async function readSupport(listener: string): Promise<SupportState | null> {
  const response = await fetch(`/api/support/grants/${listener}`);
  if (response.status === 404 || response.status === 503) return null;
  const json = (await response.json()) as Record<string, unknown>;
  if (!response.ok) throw new Error(String(json.error ?? response.status));
  return json as unknown as SupportState;
}

/** Asks the site's server to charge this month now; resolves to the transaction and the state. */
export async function chargeSupport(
  listener: string,
): Promise<{ txHash: string; state: SupportState }> {
  const answer = await postJson(`/api/support/grants/${listener}/charge`);
  return { txHash: String(answer.txHash), state: answer.state as SupportState };
}

/** "29 December 2026": a date on the chain's clock, which the demo moves ahead a month at a time. */
export function chainDate(seconds: number): string {
  return new Date(seconds * 1000).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

function eth(wei: bigint): string {
  const whole = wei / 10n ** 18n;
  const fraction = (wei % 10n ** 18n).toString().padStart(18, '0').replace(/0+$/, '');
  return fraction ? `${whole}.${fraction} ETH` : `${whole} ETH`;
}

/** The three lines the page shows: the permission, the next charge, the charges so far. */
export function describeSupport(
  state: SupportState,
  artist: string,
): { status: string; next: string; charges: string } {
  const amount = eth(BigInt(state.amountWei));
  const days = Math.round(state.periodSeconds / 86_400);
  const status = state.revoked
    ? 'Revoked in your wallet: this site can take nothing more.'
    : state.expired
      ? `Ended on ${chainDate(state.expiry)}.`
      : `Granted: ${amount} every ${days} days to ${artist}, until ${chainDate(state.expiry)}.`;
  const next =
    state.nextChargeAt === null
      ? 'None.'
      : state.due
        ? `Due now (${chainDate(state.chainTime)} on the chain's clock).`
        : `On ${chainDate(state.nextChargeAt)}.`;
  const count = state.charges.length;
  const charges =
    count === 0
      ? 'None yet.'
      : `${count} ${count === 1 ? 'charge' : 'charges'}, ${eth(BigInt(count) * SUPPORT_AMOUNT_WEI)} in all.`;
  return { status, next, charges };
}
