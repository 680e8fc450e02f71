// The tokens Encore's own transactions moved to or from the account: the ERC-20 Transfer events
// in their receipts that name the account as sender or recipient. That covers tokens the listener
// sent (a transfer the window decoded) and tokens a transaction brought in (a swap, a claim).
// ERC-721's Transfer has the same signature with a third indexed topic: it is not counted here.

import { getAddress } from 'ethers';
import { isRecord } from '../../guards/index.ts';

/** keccak256("Transfer(address,address,uint256)"). */
export const TRANSFER_TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';
const TOPIC = /^0x[0-9a-fA-F]{64}$/;
const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
/** A receipt may carry many logs; beyond this many, the rest are not looked at. */
const MAX_LOGS = 500;

const topicOf = (account: string): string =>
  `0x${account.slice(2).toLowerCase().padStart(64, '0')}`;

/** The token contracts (checksummed, in order of first appearance) a receipt shows moving the account's tokens. */
export function tokenTransfersIn(receipt: unknown, account: string): string[] {
  if (!isRecord(receipt) || !Array.isArray(receipt.logs)) return [];
  const mine = topicOf(account);
  const found: string[] = [];
  for (const log of receipt.logs.slice(0, MAX_LOGS)) {
    if (!isRecord(log) || typeof log.address !== 'string' || !ADDRESS.test(log.address)) continue;
    const { topics, data } = log;
    if (!Array.isArray(topics) || topics.length !== 3) continue;
    if (!topics.every((topic) => typeof topic === 'string' && TOPIC.test(topic))) continue;
    const [signature, from, to] = (topics as string[]).map((topic) => topic.toLowerCase());
    if (signature !== TRANSFER_TOPIC || (from !== mine && to !== mine)) continue;
    // ERC-20 puts the amount in data: one word.
    if (typeof data !== 'string' || !TOPIC.test(data)) continue;
    const token = getAddress(log.address.toLowerCase());
    if (!found.includes(token)) found.push(token);
  }
  return found;
}
