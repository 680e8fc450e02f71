// The popup's value card, rendered with Preact into a linkedom document: shown only when the
// worker says so, listing what the wallet holds; each way out is a button only when the popup
// hands the card the view that takes it (nothing pretends to be one); "Not now" asks the worker
// to record the level and hides the card. The card states the lock the account's record has: once
// strengthened, what a guess costs at that setting, and no Strengthen button; with a key holder
// configured, the way out is Harden, until the record is hardened.
import { parseHTML } from 'linkedom';
import { h, render } from 'preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ValueWatch } from '../../../lib/extension/messages/index.ts';

const sent: string[] = [];
let answer: ValueWatch | Promise<ValueWatch>;
let format: 'hedgehog' | 'strong' | 'hardened' = 'hedgehog';
let keyHolder = false;

vi.mock('../../../entrypoints/popup/components/api.ts', () => ({
  sendMessage: async (type: string) => {
    sent.push(type);
    if (type === 'strengthen.status') return { format, loginInProgress: false, keyHolder };
    return answer;
  },
}));

const { ValueWatchCard } = await import('../../../entrypoints/popup/components/ValueWatchCard.tsx');

const ACCOUNT = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const LOCAL = {
  id: 31337,
  name: 'Local development',
  currency: { symbol: 'ETH', decimals: 18 },
  explorerUrl: null,
};

function watch(show: boolean, permissions: ValueWatch['permissions'] = []): ValueWatch {
  return {
    show,
    permissions,
    over: show
      ? [{ chain: LOCAL, wei: '1100000000000000000', threshold: '500000000000000000' }]
      : [],
    holdings: {
      account: ACCOUNT,
      chainsNotRead: 0,
      chains: [
        {
          chain: LOCAL,
          native: { symbol: 'ETH', decimals: 18, wei: '1100000000000000000' },
          tokens: [
            {
              address: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
              symbol: 'ENC',
              decimals: 18,
              balance: '25000000000000000000',
              unreadable: null,
              source: 'added',
            },
            {
              address: '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512',
              symbol: 'ZERO',
              decimals: 6,
              balance: '0',
              unreadable: null,
              source: 'activity',
            },
          ],
          unreadable: null,
        },
      ],
    },
  };
}

let root: Element;

beforeEach(() => {
  const { document, window } = parseHTML(
    '<!doctype html><html><body><div id="app"></div></body></html>',
  );
  vi.stubGlobal('document', document);
  vi.stubGlobal('window', window);
  root = document.getElementById('app') as Element;
  sent.length = 0;
  format = 'hedgehog';
  keyHolder = false;
});

afterEach(() => {
  render(null, root);
  vi.unstubAllGlobals();
});

const card = () => root.querySelector('[data-testid="value-watch"]');
const button = (testId: string) =>
  root.querySelector(`[data-testid="${testId}"]`) as unknown as { click(): void } | null;

describe('the value card', () => {
  it('shows nothing when the worker says not to', async () => {
    answer = watch(false);
    performance.clearMeasures('encore:popup:value-watch');
    render(h(ValueWatchCard, { account: ACCOUNT }), root);
    // Marked once the answer is rendered.
    await vi.waitFor(() =>
      expect(performance.getEntriesByName('encore:popup:value-watch')).toHaveLength(1),
    );
    expect(sent).toEqual(['value.watch', 'strengthen.status']);
    expect(card()).toBeNull();
  });

  it('lists the non-zero holdings; no way-out button unless its view is given', async () => {
    answer = watch(true);
    render(h(ValueWatchCard, { account: ACCOUNT }), root);
    await vi.waitFor(() => expect(card()).not.toBeNull());
    const items = [...root.querySelectorAll('[data-testid="value-watch-holdings"] li')];
    expect(items.map((item) => item.textContent)).toEqual([
      '1.1 ETH on Local development',
      '25 ENC 0x5FbD…0aa3 on Local development',
    ]);
    expect(button('strengthen-start')).toBeNull();
    expect(button('move-start')).toBeNull();
  });

  it('each way out is a button calling what the popup gave; "Not now" records and hides', async () => {
    answer = watch(true);
    const onStrengthen = vi.fn();
    const onMove = vi.fn();
    render(h(ValueWatchCard, { account: ACCOUNT, onStrengthen, onMove }), root);
    await vi.waitFor(() => expect(card()).not.toBeNull());
    button('strengthen-start')?.click();
    button('move-start')?.click();
    expect(onStrengthen).toHaveBeenCalledTimes(1);
    expect(onMove).toHaveBeenCalledTimes(1);
    button('value-watch-dismiss')?.click();
    await vi.waitFor(() => expect(card()).toBeNull());
    expect(sent).toEqual(['value.watch', 'strengthen.status', 'value.dismiss']);
  });

  it('says what granted spend permissions can still take, only when they can take something', async () => {
    answer = watch(true);
    render(h(ValueWatchCard, { account: ACCOUNT }), root);
    await vi.waitFor(() => expect(card()).not.toBeNull());
    expect(root.querySelector('[data-testid="value-watch-permissions"]')).toBeNull();
    render(null, root);

    answer = watch(true, [
      {
        chainId: 31337,
        token: { kind: 'native', symbol: 'ETH', decimals: 18 },
        canTake: '13000000000000000',
        grants: 2,
        shown: '0.013 ETH',
      },
      {
        chainId: 31337,
        token: {
          kind: 'erc20',
          address: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
          symbol: 'ENC',
          decimals: 18,
        },
        canTake: '5000000000000000000',
        grants: 1,
        shown: '5 ENC',
      },
    ]);
    render(h(ValueWatchCard, { account: ACCOUNT, onMove: vi.fn() }), root);
    await vi.waitFor(() => expect(card()).not.toBeNull());
    expect(root.querySelector('[data-testid="value-watch-permissions"]')?.textContent).toBe(
      'Spend permissions you granted can still take up to 0.013 ETH, 5 ENC of it without asking again; revoke them under Permissions.',
    );
  });

  it('announces its arrival in a status region that was there before the answer', async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    answer = held.then(() => watch(true));
    render(h(ValueWatchCard, { account: ACCOUNT, onMove: vi.fn() }), root);
    const news = () => root.querySelector('[data-testid="value-watch-news"]');
    await vi.waitFor(() => expect(news()).not.toBeNull());
    expect(news()?.getAttribute('role')).toBe('status');
    expect(news()?.textContent).toBe('');
    const region = news();
    release();
    await vi.waitFor(() => expect(card()).not.toBeNull());
    // The same element, its text changed: what a screen reader announces.
    expect(news()).toBe(region);
    expect(news()?.textContent).toBe(
      'Your wallet holds real value: 1.1 ETH on Local development, 25 ENC 0x5FbD…0aa3 on Local development.',
    );
    button('value-watch-dismiss')?.click();
    await vi.waitFor(() => expect(card()).toBeNull());
    expect(news()?.textContent).toBe('');
  });

  it('a Hedgehog record: its cost stated, Strengthen and Move everything offered', async () => {
    answer = watch(true);
    render(h(ValueWatchCard, { account: ACCOUNT, onStrengthen: vi.fn(), onMove: vi.fn() }), root);
    await vi.waitFor(() => expect(card()).not.toBeNull());
    expect(root.querySelector('[data-testid="value-watch-lock"]')?.textContent).toMatch(
      /Hedgehog’s scrypt setting costs: a quarter of the minimum OWASP recommends/,
    );
    expect(root.querySelector('[data-testid="strengthen-start"]')?.textContent).toBe('Strengthen');
    expect(root.querySelector('[data-testid="move-start"]')?.textContent).toBe('Move everything');
  });

  it('a strengthened record: its own cost stated, only Move everything left to offer', async () => {
    answer = watch(true);
    format = 'strong';
    render(h(ValueWatchCard, { account: ACCOUNT, onStrengthen: vi.fn(), onMove: vi.fn() }), root);
    await vi.waitFor(() => expect(card()).not.toBeNull());
    const text = card()?.textContent ?? '';
    expect(root.querySelector('[data-testid="value-watch-lock"]')?.textContent).toMatch(
      /strengthened: each guess costs scrypt a step above the minimum OWASP recommends/,
    );
    expect(text).not.toMatch(/a quarter of the minimum/);
    expect(button('strengthen-start')).toBeNull();
    expect(root.querySelector('[data-testid="move-start"]')?.textContent).toBe('Move everything');
  });

  it('with a key holder: Harden is offered for a Hedgehog or a strengthened record', async () => {
    answer = watch(true);
    keyHolder = true;
    for (const old of ['hedgehog', 'strong'] as const) {
      format = old;
      render(h(ValueWatchCard, { account: ACCOUNT, onStrengthen: vi.fn(), onMove: vi.fn() }), root);
      await vi.waitFor(() => expect(card()).not.toBeNull());
      expect(root.querySelector('[data-testid="strengthen-start"]')?.textContent).toBe('Harden');
      expect(card()?.textContent).toMatch(
        /Harden it so a copied database cannot test your password/,
      );
      render(null, root);
    }
  });

  it('a hardened record: a copied database tests no password, nothing stronger offered', async () => {
    answer = watch(true);
    keyHolder = true;
    format = 'hardened';
    render(h(ValueWatchCard, { account: ACCOUNT, onStrengthen: vi.fn(), onMove: vi.fn() }), root);
    await vi.waitFor(() => expect(card()).not.toBeNull());
    expect(root.querySelector('[data-testid="value-watch-lock"]')?.textContent).toMatch(
      /hardened: a copied database cannot test your password/,
    );
    // No word of offline guessing, which the hardened record rules out.
    expect(card()?.textContent).not.toMatch(/guess passwords on their own computers/);
    expect(button('strengthen-start')).toBeNull();
    expect(root.querySelector('[data-testid="move-start"]')?.textContent).toBe('Move everything');
  });
});
