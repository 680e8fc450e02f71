// The value card's and the token list's messages: payloads checked field by field (a token
// address with a broken checksum is refused, never "corrected"), refused to content scripts, and
// the threshold setting validated like the other settings.
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createBackground } from '../../../lib/extension/background/index.ts';
import type { MessageResponse } from '../../../lib/extension/messages/index.ts';
import {
  DEFAULT_VALUE_THRESHOLD,
  getSettings,
  valueThresholdFor,
} from '../../../lib/extension/settings/index.ts';
import { memoryBackend } from '../extension/support/memory-backend.ts';
import { contentScript, popup } from '../extension/support/senders.ts';

const USDC = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const ETH = { symbol: 'ETH', decimals: 18 };

function errorOf(response: MessageResponse): { code: string; issues?: { path: string }[] } {
  if (response.ok) throw new Error(`expected an error, got ${JSON.stringify(response.result)}`);
  return response.error as { code: string; issues?: { path: string }[] };
}

const router = () => createBackground({ backend: memoryBackend() }).router;

describe('value messages', () => {
  beforeEach(() => fakeBrowser.reset());

  it.each([
    ['value.lookupToken', { chainId: 1 }, 'address'],
    ['value.lookupToken', { chainId: 1, address: '0x1234' }, 'address'],
    // One letter's case changed: a typo the checksum catches.
    ['value.lookupToken', { chainId: 1, address: USDC.replace('F', 'f') }, 'address'],
    ['value.addToken', { chainId: 0, address: USDC }, 'chainId'],
    ['value.addToken', { chainId: 1, address: USDC, symbol: 'USDC' }, ''],
    ['value.removeToken', { address: USDC }, 'chainId'],
    ['value.watch', { levels: {} }, ''],
    ['value.dismiss', { levels: { '1': '1' } }, ''],
    ['settings.set', { valueThresholds: { '1': '0' } }, 'valueThresholds.1'],
    ['settings.set', { valueThresholds: { '1': '0.5' } }, 'valueThresholds.1'],
  ])('%s rejects %j naming the bad field', async (type, payload, path) => {
    const error = errorOf(await router().handle({ type, ...payload }, popup));
    expect(error.code).toBe('INVALID_INPUT');
    expect(error.issues?.map((issue) => issue.path)).toContain(path);
  });

  it('answers none of them to a content script', async () => {
    const r = router();
    for (const type of ['value.holdings', 'value.watch', 'value.dismiss']) {
      expect(errorOf(await r.handle({ type }, contentScript)).code).toBe('FORBIDDEN_SENDER');
    }
    for (const type of ['value.lookupToken', 'value.addToken', 'value.removeToken']) {
      const payload = { type, chainId: 1, address: USDC };
      expect(errorOf(await r.handle(payload, contentScript)).code).toBe('FORBIDDEN_SENDER');
    }
  });

  it('needs a logged-in wallet', async () => {
    expect(errorOf(await router().handle({ type: 'value.watch' }, popup)).code).toBe(
      'NOT_LOGGED_IN',
    );
  });

  it('thresholds: 0.5 of the chain’s currency by default, the person’s once set', async () => {
    expect(DEFAULT_VALUE_THRESHOLD).toBe('0.5');
    expect(valueThresholdFor(await getSettings(), 31337, ETH)).toBe(5n * 10n ** 17n);
    const saved = await router().handle(
      { type: 'settings.set', valueThresholds: { '31337': '2000000000000000000' } },
      popup,
    );
    expect(saved.ok).toBe(true);
    expect(valueThresholdFor(await getSettings(), 31337, ETH)).toBe(2n * 10n ** 18n);
    expect(valueThresholdFor(await getSettings(), 1, ETH)).toBe(5n * 10n ** 17n);
  });
});
