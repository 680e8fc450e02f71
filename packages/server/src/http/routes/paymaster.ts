// POST /paymaster: the sponsor as an ERC-7677 paymaster service (pm_getPaymasterStubData,
// pm_getPaymasterData, pm_supportedEntryPoints; see packages/server/src/sponsor/paymaster-service.ts), the
// JSON-RPC endpoint a site names in `wallet_sendCalls`' `paymasterService.url`. Served like
// POST /sponsor (same body limit, rate limit and errors); SPONSOR_NOT_CONFIGURED when off.
import type { Hono } from 'hono';
import type { RateLimiter } from '../../rate-limit/rate-limiter.ts';
import type { PaymasterService } from '../../sponsor/paymaster-service.ts';
import { mountSponsorRpc } from './sponsor.ts';

export const PAYMASTER_PATH = '/paymaster';

export function paymasterRoutes(
  app: Hono,
  deps: { paymaster?: PaymasterService; limiter: RateLimiter; trustProxy: number },
): void {
  mountSponsorRpc(app, PAYMASTER_PATH, {
    service: deps.paymaster,
    limiter: deps.limiter,
    trustProxy: deps.trustProxy,
  });
}
