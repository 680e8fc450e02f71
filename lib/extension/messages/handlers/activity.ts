import type { ChainRpc } from '@encore-wallet/utils/chain-rpc';
import type { ActivityEntry, ActivityService } from '../../activity/index.ts';
import type { WalletSession } from '../../session/index.ts';
import type { KnownChain } from '../../settings/index.ts';
import { defineMessage } from '../define.ts';
import { emptySchema } from '../schemas.ts';
import { loggedInAddress } from './logged-in-address.ts';

export interface ActivityMessageDeps {
  session: WalletSession;
  activity: ActivityService;
  currentChain(): Promise<KnownChain>;
  /** The current chain's node, on the wallet's own budget. */
  walletReads: ChainRpc;
  /** Every chain Encore knows with an RPC URL (the current one among them, if it has one). */
  readableChains(): Promise<KnownChain[]>;
  /** `chain`'s node, on the wallet's own budget. */
  readsOn(chain: KnownChain): ChainRpc;
  /**
   * What sites took from the account under its spend permissions on the current chain, read from
   * the chain, as Activity lines.
   */
  redemptions(account: string): Promise<ActivityEntry[]>;
}

/** The chain as the popup shows it. */
export interface ChainSummary {
  id: number;
  name: string;
  currency: { symbol: string; decimals: number };
  explorerUrl: string | null;
}

export interface ActivityList {
  chain: ChainSummary;
  entries: ActivityEntry[];
  /** Why pending entries could not be checked just now, or null. */
  unreadable: string | null;
}

export interface Balance {
  chain: ChainSummary;
  /** Wei, decimal; null when it could not be read (`unreadable` says why). */
  wei: string | null;
  unreadable: string | null;
  /**
   * When the current chain's balance cannot be read: what the account holds on the other chains
   * Encore can read (those holding anything), so the popup says where the money is.
   */
  elsewhere: { chain: ChainSummary; wei: string }[];
}

/** At most this many other chains are asked, each once per popup. */
const MAX_OTHER_CHAINS = 4;

const summary = (chain: KnownChain): ChainSummary => ({
  id: chain.id,
  name: chain.name,
  currency: chain.currency,
  explorerUrl: chain.explorerUrl,
});

/** The account's balance in wei (decimal), read from `reads`. */
async function readBalanceOn(reads: ChainRpc, address: string): Promise<string> {
  const answer = await reads.request('eth_getBalance', [address, 'latest']);
  if (typeof answer !== 'string' || !/^0x[0-9a-fA-F]{1,64}$/.test(answer)) {
    throw new Error("The chain's RPC node answered the balance with something else.");
  }
  return BigInt(answer).toString();
}

function why(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The popup's view of the account on the current chain: its balance and its transactions. */
export function activityMessages({
  session,
  activity,
  currentChain,
  walletReads,
  readableChains,
  readsOn,
  redemptions,
}: ActivityMessageDeps) {
  /** The account's non-zero balances on the readable chains other than `current`. */
  const elsewhere = async (address: string, current: number): Promise<Balance['elsewhere']> => {
    const others = (await readableChains())
      .filter((chain) => chain.id !== current)
      .slice(0, MAX_OTHER_CHAINS);
    const read = await Promise.all(
      others.map(async (chain) => {
        const wei = await readBalanceOn(readsOn(chain), address).catch(() => null);
        return wei && wei !== '0' ? [{ chain: summary(chain), wei }] : [];
      }),
    );
    return read.flat();
  };
  const account = (): Promise<string> => loggedInAddress(session);
  return [
    defineMessage({
      type: 'activity.list',
      input: emptySchema,
      access: 'extension-page',
      handle: async (): Promise<ActivityList> => {
        const address = await account();
        const chain = await currentChain();
        const [view, taken] = await Promise.all([
          activity.list(address, chain.id, chain.rpcUrl ? walletReads : null),
          // A chain that cannot be read lists no redemptions; the sent transactions still show.
          chain.rpcUrl ? redemptions(address).catch(() => []) : [],
        ]);
        const entries = [...view.entries, ...taken].sort((a, b) => b.sentAt - a.sentAt);
        return { chain: summary(chain), ...view, entries };
      },
    }),
    defineMessage({
      type: 'wallet.balance',
      input: emptySchema,
      access: 'extension-page',
      handle: async (): Promise<Balance> => {
        const address = await account();
        const chain = await currentChain();
        if (!chain.rpcUrl) {
          return {
            chain: summary(chain),
            wei: null,
            unreadable: `no RPC URL for ${chain.name}; add one in Settings.`,
            elsewhere: await elsewhere(address, chain.id),
          };
        }
        try {
          const wei = await readBalanceOn(walletReads, address);
          return { chain: summary(chain), wei, unreadable: null, elsewhere: [] };
        } catch (error) {
          return {
            chain: summary(chain),
            wei: null,
            unreadable: why(error),
            elsewhere: await elsewhere(address, chain.id),
          };
        }
      },
    }),
  ];
}
