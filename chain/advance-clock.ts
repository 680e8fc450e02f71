// Moves a local chain's clock ahead and mines a block at the new time, so that what waits for a
// date (the next period of a spend permission, an expiry) can be shown in development. Only a
// local Hardhat chain is moved: any other node is refused before anything is sent to change it.
import { jsonRpc } from './json-rpc.ts';
import { LOCAL_CHAIN_ID } from './local-chain.ts';

const UNIT_SECONDS = { s: 1, m: 60, h: 3_600, d: 86_400 } as const;
/** The longest move accepted: ten years, the longest period a spend permission may have. */
const MAX_SECONDS = 10 * 365 * 86_400;

/** What `advanceLocalClock` moves by when given nothing: a month of 30 days. */
export const DEFAULT_ADVANCE = '30d';

/**
 * `30d`, `12h`, `90m`, `45s` or a number of seconds, into seconds; null when it is none of those,
 * is zero, or is more than ten years.
 */
export function parseDuration(text: string): number | null {
  const match = /^(\d{1,10})([smhd]?)$/.exec(text.trim());
  if (!match) return null;
  const unit = (match[2] || 's') as keyof typeof UNIT_SECONDS;
  const seconds = Number(match[1]) * UNIT_SECONDS[unit];
  return seconds > 0 && seconds <= MAX_SECONDS ? seconds : null;
}

export interface AdvancedClock {
  /** The mined block's timestamp, in unix seconds. */
  readonly time: number;
  readonly block: number;
}

/**
 * Moves the chain at `url` on by `seconds` (evm_increaseTime) and mines a block (evm_mine).
 * Throws when the node is not a local Hardhat chain of chain id 31337.
 */
export async function advanceLocalClock(url: string, seconds: number): Promise<AdvancedClock> {
  const chainId = Number(await jsonRpc(url, 'eth_chainId'));
  const client = String(await jsonRpc(url, 'web3_clientVersion'));
  if (chainId !== LOCAL_CHAIN_ID || !client.startsWith('HardhatNetwork/')) {
    throw new Error(
      `${url} is not a local development chain (chain id ${chainId}, ${client}): its clock is not moved`,
    );
  }
  await jsonRpc(url, 'evm_increaseTime', [seconds]);
  await jsonRpc(url, 'evm_mine');
  const block = (await jsonRpc(url, 'eth_getBlockByNumber', ['latest', false])) as {
    number: string;
    timestamp: string;
  };
  return { time: Number(block.timestamp), block: Number(block.number) };
}
