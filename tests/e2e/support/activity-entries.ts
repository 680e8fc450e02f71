import type { Page } from '@playwright/test';

// The Activity list a walk through `make start` leaves (a tip, a favorite and a follow, batches
// a site's sponsor or paymaster paid for, one a sponsor refused), written into the worker's
// storage as the send path writes it, with long hosts: what the layout check must see.

/** A host as long as real ones get (a label per word, a port). */
export const LONG_HOST =
  'listen.an-uncommonly-long-subdomain.independent-records-collective.example';
const PAYMASTER = '0x5FC8d32690cc91D4c39d9d3abcBD16989F875707';
const ENTRY_POINT = '0x4337084D9E255Ff0702461CF8895CE9E3b5Ff108';
const ARTIST = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

const hash = (n: number): string => `0x${n.toString(16).padStart(64, '0')}`;

/** Every kind of entry, several of each, for `account` on `chainId`, newest first. */
export function walkEntries(account: string, chainId: number): object[] {
  const now = Date.now();
  const plain = (n: number, origin: string, summary: string, status: string) => ({
    account,
    chainId,
    origin,
    hash: hash(n),
    nonce: n,
    summary,
    to: ARTIST,
    value: '1000000000000000',
    maxFee: '63000000000000',
    sentAt: now - n * 60_000,
    status,
    feePaid: status === 'confirmed' || status === 'failed' ? '21000000000000' : null,
    blockNumber: status === 'confirmed' || status === 'failed' ? 100 + n : null,
    checkedAt: now,
  });
  const batch = (n: number, paidBy: string, status: string, mined: boolean) => ({
    ...plain(n, 'http://127.0.0.1:5173', '', status),
    nonce: null,
    summary: 'Call favorite(4815162342) on 0x5FbD…0aa3; Call follow(0x7099…79C8) on 0x5FbD…0aa3',
    value: '0',
    maxFee: '0',
    feePaid: null,
    batch: {
      paidBy,
      calls: 2,
      entryPoint: ENTRY_POINT,
      fromBlock: String(100 + n),
      deadline: Math.floor(now / 1000) + 600,
      transactionHash: mined ? hash(1000 + n) : null,
    },
  });
  return [
    batch(1, `127.0.0.1:8787 (paymaster ${PAYMASTER})`, 'confirmed', true),
    batch(2, `${LONG_HOST}:8443 (paymaster ${PAYMASTER})`, 'confirmed', true),
    batch(3, `${LONG_HOST}:8443`, 'pending', false),
    {
      ...batch(4, `${LONG_HOST}:8443`, 'refused', false),
      refusal: {
        says: 'This sponsor pays for favorites and follows on its own contract only, at most 20 a day per listener; ask again tomorrow.',
        retryAt: now + 3_600_000,
      },
    },
    plain(5, `https://${LONG_HOST}`, 'Send 0.001 ETH to 0x7099…79C8', 'confirmed'),
    plain(
      6,
      'http://127.0.0.1:5173',
      'Call tip(0x7099…79C8, 4815162342) on 0x5FbD…0aa3 with 0.001 ETH',
      'confirmed',
    ),
    plain(7, `https://${LONG_HOST}:8443`, 'Call 0xa9059cbb on 0xe7f1…0512 with 0.5 ETH', 'failed'),
    plain(8, 'http://127.0.0.1:5173', 'Send 0.001 ETH to 0x7099…79C8', 'dropped'),
  ];
}

/** Writes `walkEntries` where the worker keeps the activity list. */
export async function seedActivity(page: Page, account: string, chainId: number): Promise<void> {
  await page.evaluate(
    ({ key, entries }) => {
      const { chrome } = globalThis as unknown as {
        chrome: { storage: { local: { set(items: object): Promise<void> } } };
      };
      return chrome.storage.local.set({
        'encore:activity': { version: 1, lists: { [key]: entries } },
      });
    },
    { key: `${chainId}:${account.toLowerCase()}`, entries: walkEntries(account, chainId) },
  );
}
