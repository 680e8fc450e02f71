// A sponsored batch its sponsor did not take: the site hears one fixed error, and the person finds
// the batch in Activity as not sent, with the sponsor's own words. Those words come from whatever
// answered at a URL the site chose: they are kept as one line of plain text and shown as text.
import { parseHTML } from 'linkedom';
import { h, render } from 'preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { ActivityItem } from '../../../entrypoints/popup/components/ActivityView.tsx';
import {
  type ActivityEntry,
  activityEntrySchema,
  createActivityService,
  createActivityStore,
} from '../../../lib/extension/activity/index.ts';

const ACCOUNT = '0x1111111111111111111111111111111111111111';
const CHAIN = {
  id: 31_337,
  name: 'Local',
  currency: { symbol: 'ETH', decimals: 18 },
  explorerUrl: null,
};
const sent = {
  account: ACCOUNT,
  chainId: CHAIN.id,
  origin: 'https://music.example',
  hash: `0x${'ab'.repeat(32)}`,
  nonce: null,
  summary: 'favorite("T1")',
  to: '0x2222222222222222222222222222222222222222',
  value: '0',
  maxFee: '0',
  sentAt: 1_800_000_000_000,
  batch: {
    paidBy: 'sponsor.example',
    calls: 1,
    entryPoint: '0x4337084D9E255Ff0702461CF8895CE9E3b5Ff108',
    fromBlock: '7',
    deadline: 1_800_000_600,
    transactionHash: null,
  },
};

let root: Element;

beforeEach(() => {
  fakeBrowser.reset();
  const { document } = parseHTML('<!doctype html><html><body><div id="app"></div></body></html>');
  vi.stubGlobal('document', document);
  root = document.getElementById('app') as Element;
});

afterEach(() => {
  render(null, root);
  vi.unstubAllGlobals();
});

describe('a batch its sponsor refused', () => {
  it('attack: the sponsor’s words are kept as one line of text and shown as text, markup and all', async () => {
    const store = createActivityStore();
    const activity = createActivityService({ store, chainFor: async () => null });
    await activity.recordRefused?.(sent, {
      says: `The sponsor refused: <img src=x onerror=alert(1)>\u202e\nline two ${'x'.repeat(400)}`,
      retryAt: sent.sentAt + 42_000,
    });
    const [entry] = await store.list(ACCOUNT, CHAIN.id);
    expect(entry?.status).toBe('refused');
    expect(entry?.refusal?.says).toMatch(
      /^The sponsor refused: <img src=x onerror=alert\(1\)> line two x+…$/,
    );
    expect(entry?.refusal?.says.length).toBe(300);

    render(h(ActivityItem, { entry: entry as ActivityEntry, chain: CHAIN }), root);
    const shown = root.querySelector('[data-testid="activity-refusal"]');
    expect(shown?.textContent).toContain('did not take this batch, so nothing was sent');
    expect(shown?.textContent).toContain('<img src=x onerror=alert(1)>');
    expect(shown?.textContent).toContain('ask again after');
    expect(root.querySelector('img')).toBeNull();
    expect(root.querySelector('[data-testid="activity-status"]')?.textContent).toBe('Not sent');
  });

  it('a stored refusal with a control or direction character is not read (something else wrote it)', () => {
    const entry = {
      ...sent,
      status: 'refused',
      feePaid: null,
      blockNumber: null,
      checkedAt: null,
      refusal: { says: 'pay \u202eliame', retryAt: null },
    };
    expect(activityEntrySchema().safeParse(entry).success).toBe(false);
    expect(
      activityEntrySchema().safeParse({ ...entry, refusal: { says: 'pay later', retryAt: null } })
        .success,
    ).toBe(true);
  });
});
