import type { E2EEnv } from './env.ts';

/** Makes `wallet` the primary wallet of dev-catalog user `userId` (dev mode's POST /dev/wallets). */
export async function attachWallet(env: E2EEnv, userId: string, wallet: string): Promise<void> {
  const response = await fetch(new URL('dev/wallets', env.catalogHostListUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userId, wallet }),
  });
  if (!response.ok) {
    throw new Error(`POST /dev/wallets answered ${response.status}: ${await response.text()}`);
  }
}
