// The approval window of wallet_addEthereumChain, rendered with Preact into a linkedom document:
// the currency is shown with its decimals, decimals other than ether's 18 are stated plainly, and
// a re-add that changes the currency shows the old one beside the new.
import { parseHTML } from 'linkedom';
import { h, render } from 'preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AddChainRequest } from '../../../entrypoints/approval/components/AddChainRequest.tsx';
import type { AddChainApproval } from '../../../lib/extension/approvals/index.ts';

let root: Element;

beforeEach(() => {
  const { document } = parseHTML('<!doctype html><html><body><div id="app"></div></body></html>');
  vi.stubGlobal('document', document);
  root = document.getElementById('app') as Element;
});

afterEach(() => {
  render(null, root);
  vi.unstubAllGlobals();
});

const POL = { name: 'POL', symbol: 'POL', decimals: 18 };

function approval(overrides: Partial<AddChainApproval> = {}, currency = POL): AddChainApproval {
  return {
    kind: 'add_chain',
    chain: {
      id: 137,
      name: 'Polygon',
      rpcUrl: 'https://polygon-rpc.example/v1',
      nativeCurrency: currency,
      blockExplorerUrls: [],
    },
    builtIn: false,
    replacesRpcUrl: null,
    replacesCurrency: null,
    localNetwork: false,
    ...overrides,
  };
}

function shown(details: AddChainApproval): (testId: string) => string | null {
  render(h(AddChainRequest, { details }), root);
  return (testId) => root.querySelector(`[data-testid="${testId}"]`)?.textContent ?? null;
}

describe('the add-chain window', () => {
  it('shows the currency with its decimals, and no warning at 18', () => {
    const text = shown(approval());
    expect(text('add-chain-currency')).toBe('POL (POL), 18 decimals');
    expect(text('add-chain-decimals')).toBeNull();
    expect(text('add-chain-currency-change')).toBeNull();
  });

  it('attack: a currency of 36 decimals is stated plainly, with what it means for amounts and the limit', () => {
    const text = shown(approval({}, { name: 'Pol', symbol: 'PLC', decimals: 36 }));
    expect(text('add-chain-currency')).toBe('PLC (Pol), 36 decimals');
    expect(text('add-chain-decimals')).toContain('PLC counts 36 decimals, not the 18 of ether');
    expect(text('add-chain-decimals')).toContain('daily spending limit');
  });

  it('attack: a re-add that changes the currency is shown as old → new', () => {
    const text = shown(
      approval(
        { replacesRpcUrl: 'https://polygon-rpc.example/v1', replacesCurrency: POL },
        { name: 'Pol', symbol: 'PLC', decimals: 6 },
      ),
    );
    const change = text('add-chain-currency-change');
    expect(change).toContain(
      "This changes the chain's currency: POL (POL), 18 decimals → PLC (Pol), 6 decimals.",
    );
    expect(change).toContain('a daily limit you set here goes back to the default');
  });
});
