import { describe, expect, it } from 'vitest';
import { readToInpage, readToRelay } from '../../../lib/extension/provider/envelope.ts';
import { createFakeWindow } from './support/fake-window.ts';

function eventFrom(source: unknown, data: unknown): MessageEvent {
  const event = new Event('message');
  Object.defineProperties(event, { data: { value: data }, source: { value: source } });
  return event as MessageEvent;
}

describe('page <-> relay envelope filter', () => {
  const win = createFakeWindow();
  const request = { target: 'encore-relay', kind: 'request', id: 'a-1', method: 'eth_accounts' };

  it('accepts a well-formed request from the same window', () => {
    expect(readToRelay(eventFrom(win, request), win)).toMatchObject({
      id: 'a-1',
      method: 'eth_accounts',
    });
  });

  it('ignores the same message posted by another window (an iframe or opener)', () => {
    expect(readToRelay(eventFrom({}, request), win)).toBeNull();
    expect(readToRelay(eventFrom(null, request), win)).toBeNull();
  });

  it('ignores other targets, kinds and malformed fields', () => {
    expect(
      readToRelay(eventFrom(win, { ...request, target: 'metamask-contentscript' }), win),
    ).toBeNull();
    expect(readToRelay(eventFrom(win, { ...request, kind: 'steal' }), win)).toBeNull();
    expect(readToRelay(eventFrom(win, { ...request, id: 7 }), win)).toBeNull();
    expect(readToRelay(eventFrom(win, { ...request, method: null }), win)).toBeNull();
    expect(readToRelay(eventFrom(win, 'encore-relay'), win)).toBeNull();
  });

  it('drops extra fields a page might add (only id, method and params travel on)', () => {
    const read = readToRelay(eventFrom(win, { ...request, origin: 'https://bank.example' }), win);
    expect(read).not.toHaveProperty('origin');
  });

  it('reads responses and events for the inpage side only from the same window', () => {
    const response = { target: 'encore-inpage', kind: 'response', id: 'a-1', result: ['0x1'] };
    expect(readToInpage(eventFrom(win, response), win)).toMatchObject({ id: 'a-1' });
    expect(readToInpage(eventFrom({}, response), win)).toBeNull();
    expect(readToInpage(eventFrom(win, { ...response, error: { code: 'x' } }), win)).toBeNull();
    expect(readToInpage(eventFrom(win, request), win)).toBeNull();
  });
});
