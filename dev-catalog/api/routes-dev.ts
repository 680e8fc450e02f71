import type { Hono } from 'hono';
import { z } from 'zod';
import type { Dataset } from '../dataset/types.ts';
import { addressSchema } from './address.ts';
import { ApiError } from './http-error.ts';

const attachBody = z.union([
  z.object({ userId: z.string().min(1), wallet: addressSchema }),
  z.object({ handle: z.string().min(1), wallet: addressSchema }),
]);

/**
 * Dev mode only. Makes `wallet` the user's primary wallet (the account Encore signs with), keeps the
 * previous one as a connected wallet, and detaches it from whoever had it before (a wallet belongs
 * to one user). The dataset is
 * shared in-process, so every host sees the change at once.
 */
function attachWallet(data: Dataset, userId: string, wallet: string): void {
  const user = data.usersById.get(userId);
  if (!user) throw new ApiError(404, `User ${userId} not found`);
  const key = wallet.toLowerCase();
  const previousOwner = data.walletOwners.get(key);
  if (previousOwner !== undefined && previousOwner !== userId) {
    const other = data.usersById.get(previousOwner)!;
    if (other.wallet.toLowerCase() === key) {
      // Moving an attached wallet gives the other user their previous primary back; a generated
      // user's own wallet (nothing to fall back to) cannot be taken.
      const [restored, ...rest] = other.connectedWallets;
      if (restored === undefined) {
        throw new ApiError(409, `Wallet ${wallet} is the generated wallet of ${other.id}`);
      }
      other.wallet = restored;
      other.connectedWallets = rest;
    } else {
      other.connectedWallets = other.connectedWallets.filter((w) => w.toLowerCase() !== key);
    }
  }
  if (user.wallet.toLowerCase() !== key) {
    user.connectedWallets = [
      user.wallet,
      ...user.connectedWallets.filter((w) => w.toLowerCase() !== key),
    ];
    user.wallet = wallet;
  }
  data.walletOwners.set(key, userId);
}

export function registerDevRoutes(app: Hono, data: Dataset): void {
  app.post('/dev/wallets', async (c) => {
    let raw: unknown;
    try {
      raw = await c.req.json();
    } catch {
      throw new ApiError(400, 'Body must be JSON: {userId, wallet}');
    }
    const parsed = attachBody.safeParse(raw);
    if (!parsed.success) {
      throw new ApiError(
        400,
        'Body must be {userId, wallet} with wallet a 0x-prefixed 20-byte address',
      );
    }
    const body = parsed.data;
    const userId =
      'userId' in body
        ? body.userId
        : data.users.find((u) => u.handle.toLowerCase() === body.handle.toLowerCase())?.id;
    if (userId === undefined)
      throw new ApiError(404, `User ${'handle' in body ? `@${body.handle}` : ''} not found`);
    attachWallet(data, userId, body.wallet);
    return c.json({ data: { userId, wallet: body.wallet } });
  });
}
