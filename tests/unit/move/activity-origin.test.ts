import { describe, expect, it } from 'vitest';
import { WALLET_ORIGIN } from '../../../lib/extension/transactions/index.ts';
import { displayOrigin } from '../../../lib/extension/ui/index.ts';

describe('who sent a move, in Activity', () => {
  it('names Encore for the wallet’s own sends, and sites by their host', () => {
    expect(displayOrigin(WALLET_ORIGIN)).toBe('Encore');
    expect(displayOrigin('https://music.example')).toBe('music.example');
    expect(displayOrigin('http://127.0.0.1:8800')).toBe('http://127.0.0.1:8800');
  });
});
