import { getAddress } from 'ethers';
import { z } from 'zod';
import { InvalidInputError } from '../../errors/index.ts';
import type { WalletSession } from '../../session/index.ts';
import { getSettings, valueThresholdFor } from '../../settings/index.ts';
import { type GrantExposure, grantAmount } from '../../spend-permissions/index.ts';
import {
  type AddedTokens,
  type DismissedStore,
  dismissLevels,
  type Holdings,
  type HoldingsReader,
  MAX_ADDED_TOKENS,
  type OverThreshold,
  overThreshold,
  showCard,
  type TokenIdentity,
  type TokenLookup,
} from '../../value/index.ts';
import { defineMessage } from '../define.ts';
import { emptySchema } from '../schemas.ts';
import { loggedInAddress } from './logged-in-address.ts';

export interface ValueMessageDeps {
  session: WalletSession;
  holdings: HoldingsReader;
  addedTokens: AddedTokens;
  dismissed: DismissedStore;
  /** What the account's spend permissions can still take on the current chain, per token. */
  grantExposure(account: string): Promise<GrantExposure[]>;
}

/** The popup's value card: what the wallet holds, which chains are over their threshold, and whether to show it. */
export interface ValueWatch {
  holdings: Holdings;
  over: OverThreshold[];
  /** Over a threshold and not dismissed at this level (see value/watch-rule.ts). */
  show: boolean;
  /**
   * What granted spend permissions can still take, per token: their remaining takes summed,
   * capped by what the account holds of the token (when it could be read).
   */
  permissions: ShownExposure[];
}

/** A token's exposure with its amount in words ("0.013 ETH"), as the card shows it. */
export interface ShownExposure extends GrantExposure {
  readonly shown: string;
}

/** Each exposure capped by the balance `held` reads for it (left as it is when unknown). */
export function cappedByBalance(
  exposure: readonly GrantExposure[],
  held: Holdings,
): ShownExposure[] {
  return exposure.map((item) => {
    const chain = held.chains.find((entry) => entry.chain.id === item.chainId);
    const { token } = item;
    const balance =
      token.kind === 'native'
        ? (chain?.native?.wei ?? null)
        : (chain?.tokens.find((t) => t.address.toLowerCase() === token.address.toLowerCase())
            ?.balance ?? null);
    const canTake =
      balance === null || BigInt(balance) >= BigInt(item.canTake) ? item.canTake : balance;
    return { ...item, canTake, shown: grantAmount(canTake, token) };
  });
}

/** A token address as typed: 0x and 40 hex digits; mixed case must be its EIP-55 checksum. */
const tokenAddress = z.lazy(() =>
  z
    .string({ error: 'Enter the token contract’s address' })
    .trim()
    .regex(/^0x[0-9a-fA-F]{40}$/, 'Enter the token contract’s address: 0x and 40 hex digits')
    .refine((address) => {
      try {
        getAddress(address);
        return true;
      } catch {
        return false;
      }
    }, 'This address has a typo: its capital letters do not match its checksum'),
);
const tokenSchema = z.lazy(() =>
  z.strictObject({
    chainId: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
    address: tokenAddress,
  }),
);

const tokenListFull = (): InvalidInputError =>
  new InvalidInputError('token', [
    {
      path: ['address'],
      message: `Encore keeps at most ${MAX_ADDED_TOKENS} added tokens per chain; remove one first.`,
    },
  ]);

/** The value card and the tokens a person adds by address. */
export function valueMessages({
  session,
  holdings,
  addedTokens,
  dismissed,
  grantExposure,
}: ValueMessageDeps) {
  const account = (): Promise<string> => loggedInAddress(session);

  async function watch(address: string): Promise<ValueWatch> {
    const [held, settings, levels, exposure] = await Promise.all([
      holdings.read(address),
      getSettings(),
      dismissed.read(address),
      // Unreadable grants leave the card as it was: it says nothing rather than something wrong.
      grantExposure(address).catch(() => []),
    ]);
    const over = overThreshold(held, (chain) =>
      valueThresholdFor(settings, chain.id, chain.currency),
    );
    return {
      holdings: held,
      over,
      show: showCard(over, levels),
      permissions: cappedByBalance(exposure, held),
    };
  }

  return [
    defineMessage({
      type: 'value.holdings',
      input: emptySchema,
      access: 'extension-page',
      handle: async (): Promise<Holdings> => holdings.read(await account()),
    }),
    defineMessage({
      type: 'value.watch',
      input: emptySchema,
      access: 'extension-page',
      handle: async (): Promise<ValueWatch> => watch(await account()),
    }),
    defineMessage({
      type: 'value.dismiss',
      input: emptySchema,
      access: 'extension-page',
      // The levels are read again here, not taken from the page: what is recorded is what holds.
      handle: async (): Promise<ValueWatch> => {
        const address = await account();
        const now = await watch(address);
        await dismissed.write(address, dismissLevels(await dismissed.read(address), now.over));
        return { ...now, show: false };
      },
    }),
    defineMessage({
      type: 'value.lookupToken',
      input: tokenSchema,
      access: 'extension-page',
      handle: async ({ chainId, address }): Promise<TokenLookup> =>
        holdings.lookupToken(await account(), chainId, address),
    }),
    defineMessage({
      type: 'value.addToken',
      input: tokenSchema,
      access: 'extension-page',
      // Read from the contract again: what is stored is what the chain says, never the page.
      handle: async ({ chainId, address }): Promise<TokenIdentity> => {
        const owner = await account();
        const { token } = await holdings.lookupToken(owner, chainId, address);
        if (!(await addedTokens.add(owner, chainId, token))) {
          throw tokenListFull();
        }
        return token;
      },
    }),
    defineMessage({
      type: 'value.removeToken',
      input: tokenSchema,
      access: 'extension-page',
      handle: async ({ chainId, address }): Promise<{ removed: true }> => {
        await addedTokens.remove(await account(), chainId, address);
        return { removed: true };
      },
    }),
  ];
}
